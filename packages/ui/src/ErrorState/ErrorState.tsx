import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';
import { ErrorIcon } from '../internal/icons/ErrorIcon';
import { useUiText } from '../UiText/UiTextProvider';

export interface ErrorStateProps {
  /** Defaults to the built-in "Something went wrong". */
  title?: string;
  /** The error message for the user (already translated). */
  message?: ReactNode;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  className?: string;
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[5]}`};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  & > svg { color: ${({ theme }) => theme.color.danger}; }
`;

const Title = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.lg};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  color: ${({ theme }) => theme.color.text};
`;

/** An inline failure with an optional retry; announced to screen readers as an alert. */
export function ErrorState({ title, message, onRetry, className }: ErrorStateProps) {
  const { t } = useUiText();
  return (
    <Wrap role="alert" className={className}>
      <ErrorIcon size={32} />
      <Title>{title ?? t('common.errorTitle')}</Title>
      {message ? <div>{message}</div> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Wrap>
  );
}
