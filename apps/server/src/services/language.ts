import { type Language, languageOf } from '@falcon/locales';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/sessions';

/**
 * The caller's interface language: the `lang` every request of the client carries (the locale on
 * screen), else the language stored in the profile.
 */
export const requestLanguage = (request: FastifyRequest, auth: Auth): Language =>
  languageOf((request.query as Record<string, unknown> | undefined)?.lang) ?? auth.user.language;
