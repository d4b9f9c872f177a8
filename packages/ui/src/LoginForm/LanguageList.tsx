import styled from 'styled-components';
import { Select } from '../Select/Select';
import { type LanguageOption, languageLabel } from './languages';

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

export interface LanguageListProps {
  id: string;
  label: string;
  /** The languages, the current one first. */
  ordered: readonly LanguageOption[];
  onChange: (code: string) => void;
  defaultOpen: boolean;
}

/**
 * LanguageSelect's select itself (loaded on demand, see there): tags and native names, the current
 * language first.
 */
export function LanguageList({ id, label, ordered, onChange, defaultOpen }: LanguageListProps) {
  return (
    <Select
      id={id}
      label={label}
      hideLabel
      defaultOpen={defaultOpen}
      value={ordered[0]?.code ?? null}
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
