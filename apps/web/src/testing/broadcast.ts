/**
 * A BroadcastChannel that delivers at once (node's delivers on a later turn of the event loop, which fake
 * timers never reach): every other open channel of the same name gets the message, as between the tabs
 * of one browser. `otherTab(name)` stands for a second tab in a test.
 */
const open = new Set<FakeBroadcastChannel>();

class FakeBroadcastChannel extends EventTarget {
  constructor(readonly name: string) {
    super();
    open.add(this);
  }
  postMessage(data: unknown) {
    for (const channel of [...open])
      if (channel !== this && channel.name === this.name)
        channel.dispatchEvent(new MessageEvent('message', { data }));
  }
  close() {
    open.delete(this);
  }
}

/** Installs the fake as the global BroadcastChannel (before the app opens its channel). */
export const installFakeBroadcastChannel = () => {
  globalThis.BroadcastChannel = FakeBroadcastChannel as unknown as typeof BroadcastChannel;
};

/** Another tab on the channel: what it sends, the app hears; what the app sends lands in `received`. */
export const otherTab = (name: string) => {
  const channel = new FakeBroadcastChannel(name);
  const received: unknown[] = [];
  channel.addEventListener('message', (event) => received.push((event as MessageEvent).data));
  return { send: (data: unknown) => channel.postMessage(data), received, close: () => channel.close() };
};
