import { afterAll, beforeAll } from 'vitest';

/**
 * Gives every element of the file's tests a size (jsdom lays nothing out): virtualised lists such as the
 * rack grid then render their visible rows. Restored after the file.
 */
export const withElementSize = (pixels = 1200) => {
  const sizes = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
  const original = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
  beforeAll(() => {
    for (const key of sizes)
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => pixels });
  });
  afterAll(() => {
    sizes.forEach((key, i) => {
      const descriptor = original[i];
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    });
  });
};
