/** Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
export declare const CHROMIUM: string;
/** The launch flags this machine needs (no sandbox, headless, nothing fetched in the background). */
export declare const CHROMIUM_ARGS: readonly string[];
