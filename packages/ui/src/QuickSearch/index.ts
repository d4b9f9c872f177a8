export {
  QUICK_SEARCH_DEBOUNCE_MS,
  QUICK_SEARCH_MAX_WAIT_MS,
  QuickSearch,
  type QuickSearchKind,
  type QuickSearchProps,
  type QuickSearchResults,
} from './QuickSearch';
