import type { ReactNode } from 'react';
import { CheckIcon } from '../internal/icons/CheckIcon';
import type { SelectOption } from './Select';
import { OptionText, Secondary } from './Select.styles';

/** An option's inside in every listbox: its label (and muted secondary text), then the check mark when chosen. */
export function OptionContent({
  option,
  selected,
  children,
}: {
  option: SelectOption<string>;
  selected: boolean;
  /** Custom content instead of label + secondary. */
  children?: ReactNode;
}) {
  return (
    <>
      {children ?? (
        <OptionText>
          <span>{option.label}</span>
          {option.secondary ? (
            <>
              {' '}
              <Secondary>{option.secondary}</Secondary>
            </>
          ) : null}
        </OptionText>
      )}
      {selected ? <CheckIcon /> : <span style={{ width: 16 }} />}
    </>
  );
}
