/** Page-level navigation, one seam for tests (jsdom cannot reload or leave the page). */
export const browser = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
};
