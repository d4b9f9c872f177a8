import nodemailer from 'nodemailer';

/** The mail settings of the configuration (config.ts: SMTP_*, MAIL_FROM, PUBLIC_URL). */
export interface MailSettings {
  /**
   * Where mail is delivered (`secure`: TLS from the first byte, port 465; otherwise STARTTLS when the
   * server offers it); undefined: no SMTP server configured.
   */
  smtp: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } | undefined;
  /** Without SMTP outside production: mail is written and shown on the developers' page /dev/mail. */
  devMailbox: boolean;
  /** The sender of every notification. */
  from: string;
  /** Where users open Falcon (the links in the mails), without a trailing slash. */
  publicUrl: string;
  /** Sent mail is deleted from the outbox this many days after it went (MAIL_KEEP_SENT_DAYS; default 30). */
  keepSentDays?: number;
}

/** How long the outbox keeps sent mail unless MAIL_KEEP_SENT_DAYS says otherwise. */
const DEFAULT_KEEP_SENT_DAYS = 30;

/** The SMTP server refused the message for good (a 5xx other than authentication): trying again cannot help. */
export class PermanentMailError extends Error {
  override readonly name = 'PermanentMailError';
}

export interface Mailer {
  /** smtp: delivered; dev: kept for /dev/mail (nothing leaves the machine); off: no mail is written. */
  readonly kind: 'smtp' | 'dev' | 'off';
  readonly from: string;
  readonly publicUrl: string;
  /** Days the outbox keeps a sent mail (mail/prune.ts); failed mail is kept for inspection. */
  readonly keepSentDays: number;
  /**
   * Hands one message over; resolves with the server's answer, throws (a PermanentMailError when final).
   * `messageId` (`<outbox id@host>`) is the same on every try, so a repeat can be recognised.
   */
  send: (mail: {
    messageId: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    /** The recipient's notification preferences (an absolute URL): the List-Unsubscribe header. */
    unsubscribe?: string;
  }) => Promise<string>;
  close: () => void;
}

/** SMTP's reply codes of an answer that will not change on a second try (not 535, wrong credentials: an operator fixes those). */
const isPermanent = (error: unknown) => {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
};

export const createMailer = (settings: MailSettings): Mailer => {
  const kind: Mailer['kind'] = settings.smtp ? 'smtp' : settings.devMailbox ? 'dev' : 'off';
  const transport = settings.smtp
    ? nodemailer.createTransport({
        host: settings.smtp.host,
        port: settings.smtp.port,
        secure: settings.smtp.secure,
        ...(settings.smtp.auth ? { auth: settings.smtp.auth } : {}),
        // A server that does not answer fails the try (retried with back-off), not the job's whole timeout.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : // The developers' mailbox: the message is composed as it would be sent, then kept in the outbox only.
      nodemailer.createTransport({ jsonTransport: true });
  return {
    kind,
    from: settings.from,
    publicUrl: settings.publicUrl,
    keepSentDays: settings.keepSentDays ?? DEFAULT_KEEP_SENT_DAYS,
    send: async (mail) => {
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          // RFC 3834: machine-made; auto-responders do not answer it.
          headers: { 'Auto-Submitted': 'auto-generated' },
          // RFC 2369: mail programs offer "unsubscribe", which opens the preferences (a sign-in first).
          ...(mail.unsubscribe ? { list: { unsubscribe: mail.unsubscribe } } : {}),
        });
        if (info.rejected?.length) throw new PermanentMailError(`refused: ${info.response}`);
        // The developers' mailbox has no server answer to keep.
        return kind === 'smtp' ? String(info.response) : '';
      } catch (error) {
        if (error instanceof PermanentMailError) throw error;
        if (isPermanent(error)) throw new PermanentMailError((error as Error).message);
        throw error;
      }
    },
    close: () => transport.close(),
  };
};
