import {
  APP_SHELL,
  branchLoaded,
  type ConcernSummary,
  DEFAULT_LANGUAGE,
  EMPTY_SELECTION,
  type Language,
  locationLoaded,
  type Selection,
  type Session,
  selectConcern,
  selectContainer,
} from '@falcon/api-client';
import { languageOf } from '@falcon/locales';
import { proxy, type Snapshot, snapshot, subscribe } from 'valtio';

/** Spec section 3: the application state kept in browser storage under 'falcon'. */
export const STORAGE_KEY = 'falcon';
/** Spec section 1: the chosen language is kept under 'language'. */
export const LANGUAGE_KEY = 'language';

export interface LocationSearchState {
  query: string;
  sortKey: string;
  page: number;
  size: number;
}

/** What survives a reload. Server data (concerns, locations, containers) is re-fetched, never trusted from storage. */
export interface PersistedState {
  mode: 'production' | 'mock';
  session: Session | null;
  selection: Selection;
  /** Kept across sign-out: the login form's "remember username". */
  rememberedUsername: string | null;
  /** Last search per location code, so returning to a location shows the same results. */
  locationSearch: Record<string, LocationSearchState>;
}

export interface AppState extends PersistedState {
  language: Language;
  /** Loaded when signed in (spec: concerns load only then); not persisted. */
  concerns: ConcernSummary[] | null;
  /** Calls in flight, for the progress bar. */
  pendingCalls: number;
}

const initialPersisted = (): PersistedState => ({
  mode: import.meta.env.VITE_MOCK === '1' ? 'mock' : 'production',
  session: null,
  selection: { ...EMPTY_SELECTION },
  rememberedUsername: null,
  locationSearch: {},
});

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** A language as stored or chosen: cs (i18next's, the browser's) is Czech too; the product shows and sends cz. */
export const normalizeLanguage = (value: unknown): Language | null => languageOf(value) ?? null;

const readPersisted = (): PersistedState => {
  const base = initialPersisted();
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return base;
  try {
    const parsed = JSON.parse(raw) as Partial<PersistedState>;
    return {
      ...base,
      session: parsed.session && typeof parsed.session.username === 'string' ? parsed.session : null,
      selection: { ...EMPTY_SELECTION, ...parsed.selection },
      rememberedUsername: typeof parsed.rememberedUsername === 'string' ? parsed.rememberedUsername : null,
      locationSearch:
        parsed.locationSearch && typeof parsed.locationSearch === 'object' ? parsed.locationSearch : {},
    };
  } catch {
    // A corrupt entry is dropped, not fatal.
    return base;
  }
};

const readLanguage = (): Language => normalizeLanguage(storage()?.getItem(LANGUAGE_KEY)) ?? DEFAULT_LANGUAGE;

export const state = proxy<AppState>({
  ...readPersisted(),
  language: readLanguage(),
  concerns: null,
  pendingCalls: 0,
});

const persist = () => {
  const { mode, session, selection, rememberedUsername, locationSearch } = state;
  const snapshot: PersistedState = { mode, session, selection, rememberedUsername, locationSearch };
  storage()?.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  storage()?.setItem(LANGUAGE_KEY, state.language);
  // For the server: the language of the /app page it prerendered (ADR 0066).
  if (typeof document !== 'undefined')
    // biome-ignore lint/suspicious/noDocumentCookie: a constant name and a language code, nothing to escape; the Cookie Store API is missing in browsers the app supports
    document.cookie = `${APP_SHELL.languageCookie}=${state.language}; path=/; max-age=31536000; samesite=lax`;
};
/** What reaches storage; `pendingCalls` and `concerns` change with every call and are not kept. */
const PERSISTED_KEYS = [
  'mode',
  'session',
  'selection',
  'rememberedUsername',
  'locationSearch',
  'language',
] as const satisfies readonly (keyof AppState)[];
// Snapshots share what did not change, so comparing the persisted parts by identity tells whether
// storage needs writing (a call starting or ending does not).
let persisted: Snapshot<AppState> | null = null;
subscribe(state, () => {
  const current = snapshot(state);
  const previous = persisted;
  persisted = current;
  if (previous && PERSISTED_KEYS.every((key) => current[key] === previous[key])) return;
  persist();
});

// ---- transitions (the only writers) ----

export const isSignedIn = (s: { session: { username: string } | null } = state): boolean =>
  Boolean(s.session?.username);

export const setSession = (session: Session, remember: boolean | undefined = undefined) => {
  state.session = session;
  if (remember === true) state.rememberedUsername = session.username;
  if (remember === false) state.rememberedUsername = null;
};

/** Sign-out and 401: everything goes except the remembered username and the language. */
export const resetState = () => {
  const keep = { rememberedUsername: state.rememberedUsername, language: state.language };
  Object.assign(state, initialPersisted(), { concerns: null, pendingCalls: 0 }, keep);
  persist();
};

export const setLanguage = (language: Language) => {
  state.language = language;
};

export const setConcerns = (concerns: ConcernSummary[] | null) => {
  state.concerns = concerns;
};

/** Spec section 4, via the shared rules of @falcon/api-client. */
export const chooseConcern = (code: string | null) => {
  state.selection = selectConcern(state.selection, code);
};
export const onBranchLoaded = (branch: Parameters<typeof branchLoaded>[1]) => {
  state.selection = branchLoaded(state.selection, branch);
};
export const onLocationLoaded = (location: Parameters<typeof locationLoaded>[1]) => {
  state.selection = locationLoaded(state.selection, location);
};
export const chooseContainer = (id: string | null) => {
  state.selection = selectContainer(state.selection, id);
};

export const callStarted = (delta: 1 | -1) => {
  state.pendingCalls = Math.max(0, state.pendingCalls + delta);
};

export const saveLocationSearch = (code: string, search: LocationSearchState) => {
  state.locationSearch[code] = search;
};

/** Re-reads storage: tests use it to start from a given persisted state. */
export const reloadStateFromStorage = () => {
  Object.assign(state, readPersisted(), { language: readLanguage(), concerns: null, pendingCalls: 0 });
};
