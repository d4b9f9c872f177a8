import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { browser } from '../lib/browser';
import { initI18n } from '../lib/i18n';
import { forgetServerData } from '../lib/server-data';
import { resetState, setLanguage } from '../lib/store';

// Lazy routes compile on first use; on the 2 shared (often busy) cores that can take over a second.
configure({ asyncUtilTimeout: 5000 });

// Testing Library advances fake timers in its async helpers only when it finds a `jest` global.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// jsdom cannot reload or leave the page; tests that care spy on these.
browser.reload = () => {};
browser.assign = () => {};

// Tests read English texts.
beforeAll(async () => {
  setLanguage('en');
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  forgetServerData();
  resetState();
  localStorage.clear();
});
