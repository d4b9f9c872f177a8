/**
 * When this build was made (vite's `define`). Hosts that do not define it, such as Storybook, get the
 * spec's build date instead of a ReferenceError.
 */
export const BUILD_TIME: string =
  typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : '2025-08-31T00:00:00.000Z';
