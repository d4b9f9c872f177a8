import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** An illustration or icon; decorative. */
  icon?: ReactNode;
  /** A call to action, e.g. a Button. */
  action?: ReactNode;
  className?: string;
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[5]}`};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

const IconWrap = styled.div`
  color: ${({ theme }) => theme.color.borderStrong};
  margin-bottom: ${({ theme }) => theme.space[2]};
`;

const Title = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.lg};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  color: ${({ theme }) => theme.color.text};
`;

const Description = styled.div`
  max-width: 48ch;
  overflow-wrap: anywhere;
`;

/** What the user sees when a list or page has nothing to show yet. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <Wrap className={className}>
      {icon ? <IconWrap aria-hidden="true">{icon}</IconWrap> : null}
      <Title>{title}</Title>
      {description ? <Description>{description}</Description> : null}
      {action ? <div>{action}</div> : null}
    </Wrap>
  );
}
