// The handlers' failure and its helpers are shared with the real server (one definition in the
// contract package); `MockError` is its name here.
export { fail, forbidden, HttpError as MockError, invalid, notFound } from '@falcon/api-client';
