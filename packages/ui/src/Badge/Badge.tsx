import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ContainerStateTone } from '../theme/tokens';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | ContainerStateTone;

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

const Root = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  max-width: 100%;
  padding: 2px ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  line-height: 1.5;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  ${({ theme, $tone }) => {
    const c = theme.color;
    const map: Record<string, [string, string]> = {
      neutral: [c.surfaceSunken, c.text],
      primary: [c.primarySubtle, c.text],
      success: [c.successSubtle, c.success],
      warning: [c.warningSubtle, c.warning],
      danger: [c.dangerSubtle, c.danger],
    };
    const [bg, fg] = map[$tone] ?? [
      c.state[$tone as ContainerStateTone].fill,
      c.state[$tone as ContainerStateTone].text,
    ];
    return `background: ${bg}; color: ${fg};`;
  }}
`;

/** A short status label, e.g. a delivery state. Colour is never the only signal: the text says it. */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <Root $tone={tone} className={className}>
      {children}
    </Root>
  );
}
