import { APP_SHELL } from '@falcon/api-client/lite';
import { useLayoutEffect } from 'react';

/**
 * The prerendered /app page the server may send before the app's #root (ADR 0066) goes when the app
 * has rendered a page of its own: in the same commit, before the browser paints, so the page never
 * shows twice and nothing moves. Every layout a first page can render in (the frame, the empty
 * layout, the route error) calls it; without a shell it does nothing.
 */
export const useShellRemoval = () => {
  useLayoutEffect(() => {
    document.getElementById(APP_SHELL.elementId)?.remove();
  }, []);
};
