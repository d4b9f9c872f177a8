import { createContext, useContext } from 'react';

/**
 * True while the build renders a page to HTML for the server to send before the app (ADR 0066, 0068):
 * a part that depends on the user beyond what the server writes in (their permissions, their stored
 * search) renders as loading there, and the app shows it when it takes over.
 */
export const Prerendering = createContext(false);

export const usePrerendering = (): boolean => useContext(Prerendering);
