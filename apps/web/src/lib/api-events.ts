import type { ApiError } from '@falcon/api-client';
import { browser } from './browser';
import { resetState } from './store';

/**
 * What the transport does on 401 and 403 (spec section 8). The router installs `forbidden`
 * (navigate to /error); the defaults are what a bare page can do.
 */
export const apiEvents = {
  unauthorized: (_error: ApiError) => {
    resetState();
    browser.reload();
  },
  forbidden: (_error: ApiError) => {
    browser.assign('/error');
  },
};
