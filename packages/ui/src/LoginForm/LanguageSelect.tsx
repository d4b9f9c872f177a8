import styled from 'styled-components';
import { Select } from '../Select/Select';
import { useUiText } from '../UiText/UiTextProvider';
import { type LanguageOption, languageLabel, orderLanguages } from './languages';

export interface LanguageSelectProps {
  languages: readonly LanguageOption[];
  current: string;
  onChange: (code: string) => void;
}

/** A language's short tag, drawn as text (an emoji flag is a box on Linux, two letters on Windows). */
const LanguageTag = styled.span`
  display: inline-block;
  min-width: 2.2em;
  margin-inline-end: 6px;
  padding: 0 4px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  letter-spacing: 0.04em;
  text-align: center;
`;

/** Tags and native names, current language first; hidden when fewer than 2 languages exist (spec). */
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
          <LanguageTag aria-hidden="true">{languageLabel({ code: option.value }).tag}</LanguageTag>
          {option.label}
        </span>
      )}
    />
  );
}
