// The handlers' failure and its helpers are shared with the mock server (one definition in the
// contract package).
export { fail, forbidden, HttpError, invalid, messageOf, notFound } from '@falcon/api-client';
