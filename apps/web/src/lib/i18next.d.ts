import 'i18next';
import type admin from '../locales/en/admin.json';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type dashboard from '../locales/en/dashboard.json';
import type frame from '../locales/en/frame.json';
import type legal from '../locales/en/legal.json';
import type lists from '../locales/en/lists.json';
import type location from '../locales/en/location.json';
import type messages from '../locales/en/messages.json';
import type org from '../locales/en/org.json';
import type profile from '../locales/en/profile.json';
import type reviews from '../locales/en/reviews.json';
import type scanner from '../locales/en/scanner.json';
import type shell from '../locales/en/shell.json';

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
    };
    returnNull: false;
  }
}
