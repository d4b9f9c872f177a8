import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from './api';
import { browser, createVersionCheck } from './session';

describe('version check (spec section 4)', () => {
  let reload: MockInstance;
  beforeEach(() => {
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page when the served version changed', async () => {
    const version = vi.spyOn(api.content, 'version');
    version.mockResolvedValueOnce('2025-08-31T10:00\n').mockResolvedValueOnce('2025-08-31T10:00');
    const check = createVersionCheck();
    await check();
    await check();
    expect(reload).not.toHaveBeenCalled();

    version.mockResolvedValueOnce('2025-09-02T08:00');
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed check', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(api.content, 'version').mockRejectedValue(new Error('offline'));
    await createVersionCheck()();
    expect(reload).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });
});
