import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { prepareFrame } from '../../../app/layouts/RootLayout';
import { AppProvider } from '../../../app/provider';
import { browser } from '../../../lib/browser';
import { runningVersion } from '../api/versionCheck';
import { VersionWatch } from './VersionNotice';

const MINUTE = 60_000;

describe('version check: the build this tab runs against the one the server serves now (issue 13)', () => {
  let reload: MockInstance;
  let served: ReturnType<typeof vi.fn<() => Promise<string>>>;
  const flush = (ms = 0) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  const watch = () =>
    render(
      <AppProvider>
        <VersionWatch running="1f2e3d4c5b6a7980" served={served} />
      </AppProvider>,
    );

  beforeEach(async () => {
    // The notice is the signed-in frame's (its texts load with it).
    await prepareFrame();
    vi.useFakeTimers();
    sessionStorage.clear();
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    served = vi.fn<() => Promise<string>>().mockResolvedValue('1f2e3d4c5b6a7980');
  });
  afterEach(() => vi.useRealTimers());

  it('does nothing while the server serves the build this tab runs', async () => {
    watch();
    await flush(30 * MINUTE);
    expect(served).toHaveBeenCalledTimes(4); // at start and every 10 minutes
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a deployment later the same day: a tab in use offers the reload, an idle one reloads by itself', async () => {
    watch();
    await flush();
    served.mockResolvedValue('0a0b0c0d0e0f1011');
    await flush(9 * MINUTE);
    fireEvent.mouseMove(window);
    await flush(1 * MINUTE);
    // The check at 10 minutes finds the new version while the tab is in use (the mouse moved a minute
    // ago): the notice, no reload.
    expect(screen.getByText(/A new version of Falcon is available/)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await flush(2 * MINUTE);
    fireEvent.keyPress(window, { key: 'a', charCode: 97 });
    await flush(4 * MINUTE);
    expect(reload).not.toHaveBeenCalled();
    // Five quiet minutes after the last key press: it reloads.
    await flush(1 * MINUTE);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the notice reloads at once', async () => {
    served.mockResolvedValue('0a0b0c0d0e0f1011');
    fireEvent.mouseMove(window);
    watch();
    await flush();
    vi.useRealTimers();
    await userEvent.click(await screen.findByRole('button', { name: 'Reload now' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once for a version: a server still handing out the old page cannot loop the tab', async () => {
    served.mockResolvedValue('0a0b0c0d0e0f1011');
    sessionStorage.setItem('falcon-reloaded-for', '0a0b0c0d0e0f1011');
    watch();
    await flush(20 * MINUTE);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText(/A new version of Falcon is available/)).toBeInTheDocument();
  });

  it("reads the running version from the build's index.html, none on the dev server", () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = '<meta name="falcon-version" content="1f2e3d4c5b6a7980" />';
    expect(runningVersion(doc)).toBe('1f2e3d4c5b6a7980');
    doc.head.innerHTML = '<meta name="falcon-version" content="dev" />';
    expect(runningVersion(doc)).toBeNull();
  });
});
