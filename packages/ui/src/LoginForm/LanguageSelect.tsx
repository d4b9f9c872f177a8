import { Select } from '../Select/Select';
import { useUiText } from '../UiText/UiTextProvider';
import { type LanguageOption, languageLabel, orderLanguages } from './languages';

export interface LanguageSelectProps {
  languages: readonly LanguageOption[];
  current: string;
  onChange: (code: string) => void;
}

/** Flags and names, current language first; hidden when fewer than 2 languages exist (spec). */
export function LanguageSelect({ languages, current, onChange }: LanguageSelectProps) {
  const { t } = useUiText();
  const ordered = orderLanguages(languages, current);
  if (ordered.length < 2) return null;
  return (
    <Select
      label={t('login.language')}
      hideLabel
      value={ordered[0]!.code}
      onChange={onChange}
      options={ordered.map((language) => ({ value: language.code, label: languageLabel(language).name }))}
      renderOption={(option) => (
        <span>
          <span aria-hidden="true">{flagOf(option.value)} </span>
          {option.label}
        </span>
      )}
    />
  );
}

function flagOf(code: string) {
  return languageLabel({ code }).flag;
}
