import 'i18next';
import type admin from '@falcon/locales/en/admin.json';
import type auth from '@falcon/locales/en/auth.json';
import type common from '@falcon/locales/en/common.json';
import type dashboard from '@falcon/locales/en/dashboard.json';
import type frame from '@falcon/locales/en/frame.json';
import type legal from '@falcon/locales/en/legal.json';
import type lists from '@falcon/locales/en/lists.json';
import type location from '@falcon/locales/en/location.json';
import type messages from '@falcon/locales/en/messages.json';
import type notifications from '@falcon/locales/en/notifications.json';
import type org from '@falcon/locales/en/org.json';
import type profile from '@falcon/locales/en/profile.json';
import type replenishment from '@falcon/locales/en/replenishment.json';
import type reviews from '@falcon/locales/en/reviews.json';
import type scanner from '@falcon/locales/en/scanner.json';
import type shell from '@falcon/locales/en/shell.json';
import type signin from '@falcon/locales/en/signin.json';

// Keys are checked at compile time against the English files; the i18n test checks the other five.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      messages: typeof messages;
      auth: typeof auth;
      shell: typeof shell;
      dashboard: typeof dashboard;
      org: typeof org;
      location: typeof location;
      admin: typeof admin;
      legal: typeof legal;
      reviews: typeof reviews;
      lists: typeof lists;
      scanner: typeof scanner;
      profile: typeof profile;
      frame: typeof frame;
      replenishment: typeof replenishment;
      notifications: typeof notifications;
      signin: typeof signin;
    };
    returnNull: false;
  }
}
