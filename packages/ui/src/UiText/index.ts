export type { UiBaseTextKey, UiBaseTexts, UiTextKey, UiTexts } from './locales/types';
export {
  intlLocale,
  LoadedUiTextProvider,
  type LoadedUiTextProviderProps,
  loadedUiTexts,
  loadUiTexts,
  type UiLocale,
  type UiTextContextValue,
  type UiTextPart,
  UiTextProvider,
  type UiTextProviderProps,
  type UiTextSet,
  type UiTextValues,
  uiLocales,
  uiTexts,
  useUiText,
} from './UiTextProvider';
