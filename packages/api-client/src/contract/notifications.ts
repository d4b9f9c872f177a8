import { z } from 'zod';
import { defineEndpoint } from './define';

/** The e-mail notifications a user can switch on or off on the profile (issue 18); all on by default. */
export const NotificationSettings = z.strictObject({
  /** A request arrives for the user to review (clerks: the requests assigned to them). */
  requestArrived: z.boolean(),
  /** A request of the user's was decided (approved, rejected; a message answered or closed). */
  requestDecided: z.boolean(),
  /** Every morning: the alarming containers of the user's locations. */
  dailyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * How this server delivers mail: `smtp` (sent), `dev` (no SMTP server outside production: kept for the
 * developers' page /dev/mail), `off` (no SMTP server in production: nothing is sent).
 */
export const MailDelivery = z.enum(['smtp', 'dev', 'off']);
export type MailDelivery = z.infer<typeof MailDelivery>;

export const NotificationPreferences = NotificationSettings.extend({
  /** Where the mails go: the profile's e-mail address (null: none, nothing is sent). */
  email: z.string().nullable(),
  delivery: MailDelivery,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const notifications = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/profile/notifications',
    summary: 'The own e-mail notification settings, the address they go to and how this server delivers mail',
    response: NotificationPreferences,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/notifications',
    summary: 'Switch the own e-mail notifications on or off (each kind); answers the stored settings',
    body: NotificationSettings,
    response: NotificationPreferences,
  }),
};
