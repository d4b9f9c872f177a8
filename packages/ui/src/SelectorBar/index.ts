export {
  displayCode,
  HIDDEN_CODES,
  SelectorBar,
  type SelectorBarProps,
  type SelectorEntry,
} from './SelectorBar';
