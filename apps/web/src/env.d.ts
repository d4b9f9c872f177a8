/** ISO timestamp of the build, injected by vite.config.ts. */
declare const __BUILD_TIME__: string;

interface ImportMetaEnv {
  /** '1' in `npm run dev:mock`: the API is answered by MSW in the browser. */
  readonly VITE_MOCK?: string;
}
