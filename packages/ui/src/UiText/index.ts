export type { UiTextKey, UiTexts } from './locales/types';
export {
  intlLocale,
  LoadedUiTextProvider,
  type LoadedUiTextProviderProps,
  loadedUiTexts,
  loadUiTexts,
  type UiLocale,
  type UiTextContextValue,
  UiTextProvider,
  type UiTextProviderProps,
  type UiTextValues,
  uiLocales,
  uiTexts,
  useUiText,
} from './UiTextProvider';
