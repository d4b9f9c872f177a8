import type { ToastOptions } from '@falcon/ui';

/**
 * Toasts live in the signed-in frame (app/layouts/DefaultLayout.tsx): every screen that shows one is
 * inside it, so the login page does not load them. A page outside the frame (the login page's "signed
 * in") hands its toast over here; the frame shows it as soon as it is there.
 */
type Show = (toast: ToastOptions) => void;

const pending: ToastOptions[] = [];
let frame: Show | null = null;

/** Shows the toast in the signed-in frame: at once when it is mounted, else when it mounts next. */
export const showInFrame = (toast: ToastOptions) => {
  if (frame) frame(toast);
  else pending.push(toast);
};

/** The frame's side: shows what was handed over meanwhile, then takes new toasts directly. */
export const attachFrameToasts = (show: Show): (() => void) => {
  frame = show;
  for (const toast of pending.splice(0)) show(toast);
  return () => {
    if (frame === show) frame = null;
  };
};

/** A page outside the frame opened instead (e.g. sign-in led to a public page): what waits is dropped. */
export const dropPendingFrameToasts = () => {
  pending.length = 0;
};
