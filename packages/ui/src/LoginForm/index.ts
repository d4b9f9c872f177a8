export { LanguageSelect, type LanguageSelectProps } from './LanguageSelect';
export { type LoginCredentials, LoginForm, type LoginFormProps } from './LoginForm';
export {
  FALLBACK_LANGUAGES,
  type LanguageOption,
  languageLabel,
  languageNames,
  orderLanguages,
} from './languages';
