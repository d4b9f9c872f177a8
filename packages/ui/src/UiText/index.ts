export type { UiTextKey, UiTexts } from './locales/types';
export {
  intlLocale,
  type UiLocale,
  type UiTextContextValue,
  UiTextProvider,
  type UiTextProviderProps,
  type UiTextValues,
  uiLocales,
  uiTexts,
  useUiText,
} from './UiTextProvider';
