import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailSettings } from '../src/mail/transport';

export interface TestSmtp {
  /** The app's mail settings for this server (no TLS, no authentication: loopback only). */
  settings: MailSettings;
  /** Every message the server accepted, parsed (headers, text, html), in order of arrival. */
  received: ParsedMail[];
  /** The next `times` recipients are refused with this SMTP reply code (451: try later; 550: no such mailbox). */
  refuse: (code: number, times?: number) => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a free loopback port for one test file: it accepts
 * every message and keeps it parsed, or refuses recipients when told to.
 */
export const startSmtp = async (): Promise<TestSmtp> => {
  const received: ParsedMail[] = [];
  let refusal: { code: number; left: number } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, no credentials to check.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal && refusal.left > 0) {
        refusal.left -= 1;
        const error = new Error(`${refusal.code} recipient refused by the test server`) as Error & {
          responseCode: number;
        };
        error.responseCode = refusal.code;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    settings: {
      smtp: { host: '127.0.0.1', port, secure: false },
      devMailbox: false,
      from: 'Falcon <falcon@falcon.test>',
      publicUrl: 'https://falcon.test',
    },
    received,
    refuse: (code, times = 1) => {
      refusal = { code, left: times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
