import { useCallback, useState } from 'react';

/** The location screen's areas as the user left them: remembered per user in this browser. */
export interface LocationLayout {
  /** The rack grid's share of the left column's height, in per cent (the results get the rest). */
  gridShare: number;
  /** The container panel's width in px. */
  panelWidth: number;
  gridHidden: boolean;
  panelHidden: boolean;
}

export const GRID_SHARE = { min: 20, max: 80 } as const;
export const PANEL_WIDTH = { min: 300, max: 720 } as const;

/** A width that leaves the grid and the results the room they need: 360 px from 1440 px, 320 below. */
const defaultPanelWidth = () =>
  typeof window !== 'undefined' && window.innerWidth >= 1800
    ? 440
    : typeof window !== 'undefined' && window.innerWidth >= 1400
      ? 360
      : 320;

const defaultLayout = (): LocationLayout => ({
  gridShare: 62,
  panelWidth: defaultPanelWidth(),
  gridHidden: false,
  panelHidden: false,
});

const storageKey = (username: string) => `falcon.locationLayout.${username}`;

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, min), max) : fallback;

function readLayout(username: string | undefined): LocationLayout {
  const fallback = defaultLayout();
  if (!username) return fallback;
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(storageKey(username)) ?? 'null') as Partial<
      Record<keyof LocationLayout, unknown>
    > | null;
    if (!raw || typeof raw !== 'object') return fallback;
    return {
      gridShare: clamp(raw.gridShare, GRID_SHARE.min, GRID_SHARE.max, fallback.gridShare),
      panelWidth: clamp(raw.panelWidth, PANEL_WIDTH.min, PANEL_WIDTH.max, fallback.panelWidth),
      gridHidden: raw.gridHidden === true,
      panelHidden: raw.panelHidden === true,
    };
  } catch {
    return fallback;
  }
}

/** The layout of the signed-in user, and a setter that remembers each change. */
export function useLocationLayout(username: string | undefined) {
  const [layout, setLayout] = useState(() => readLayout(username));
  // Another user signed in: their layout, in this render (no effect and second render on every mount).
  const [readFor, setReadFor] = useState(username);
  if (readFor !== username) {
    setReadFor(username);
    setLayout(readLayout(username));
  }
  const update = useCallback(
    (change: Partial<LocationLayout>) =>
      setLayout((current) => {
        const next = { ...current, ...change };
        if (username) {
          try {
            globalThis.localStorage?.setItem(storageKey(username), JSON.stringify(next));
          } catch {
            // A full or blocked storage only means the layout is not remembered.
          }
        }
        return next;
      }),
    [username],
  );
  return [layout, update] as const;
}
