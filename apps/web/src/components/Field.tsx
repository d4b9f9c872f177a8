import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  label {
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
  input,
  textarea {
    font: inherit;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 1px solid ${({ theme }) => theme.color.borderStrong};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    min-height: 36px;
  }
  input:focus-visible,
  textarea:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  small {
    color: ${({ theme }) => theme.color.danger};
  }
`;

// With its ref (React 19 passes it as a prop): a form library registers the input itself.
interface FieldProps extends ComponentProps<'input'> {
  id: string;
  label: ReactNode;
  /** A translated error shown under the field and tied to it for screen readers. */
  error?: string | null;
}

/** A labelled text, number or date input (the library has no text field yet). */
export function Field({ id, label, error, ...props }: FieldProps) {
  return (
    <Wrap>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error ? <small id={`${id}-error`}>{error}</small> : null}
    </Wrap>
  );
}

/** Fields side by side that wrap on narrow screens. */
export const FormRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  & > * {
    flex: 1 1 160px;
  }
`;
