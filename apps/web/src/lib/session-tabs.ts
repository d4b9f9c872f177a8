/**
 * The tabs of one browser share one session (the cookie) and talk over a BroadcastChannel: activity in
 * any tab restarts the inactivity timers of all, and signing out in one signs out all (spec section 4,
 * issue 13). A browser without BroadcastChannel keeps each tab on its own, as before.
 */
export const TAB_CHANNEL = 'falcon-session';

export type TabMessage =
  /** Someone used this browser's Falcon in another tab: restart the inactivity timers. */
  | { type: 'activity' }
  /** Another tab signed out (menu, inactivity or the end of an impersonation). */
  | { type: 'signout' };

let channel: BroadcastChannel | null | undefined;
const open = (): BroadcastChannel | null => {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TAB_CHANNEL) : null;
  return channel;
};

/** Tells the other tabs (never this one: a channel does not hear its own messages). */
export const tellOtherTabs = (message: TabMessage): void => {
  try {
    open()?.postMessage(message);
  } catch (error) {
    // A closed channel (the page is being left) is not worth more than a log line.
    console.error(error);
  }
};

/** Calls `listener` with every message another tab sends; returns the unsubscribe. */
export const onOtherTabs = (listener: (message: TabMessage) => void): (() => void) => {
  const ch = open();
  if (!ch) return () => {};
  const handler = (event: MessageEvent) => {
    const data = event.data as Partial<TabMessage> | null;
    if (data?.type === 'activity' || data?.type === 'signout') listener(data as TabMessage);
  };
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
};

/** The DOM events that count as activity (spec section 4; the ui library's inactivity hook uses the same). */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'mousedown', 'scroll', 'keypress', 'load'] as const;

/** Activity is announced at most once a second (mouse moves come by the hundred), the last one always. */
export const ACTIVITY_ANNOUNCE_MS = 1000;

/** Announces this tab's activity to the others, throttled; returns the unsubscribe. */
export const announceActivity = (target: Window = window): (() => void) => {
  let last = 0;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  const send = () => {
    last = Date.now();
    trailing = null;
    tellOtherTabs({ type: 'activity' });
  };
  const onActivity = () => {
    const wait = last + ACTIVITY_ANNOUNCE_MS - Date.now();
    if (wait <= 0) send();
    else trailing ??= setTimeout(send, wait);
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, { passive: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity);
    if (trailing) clearTimeout(trailing);
  };
};
