import styled, { keyframes } from 'styled-components';

export interface SkeletonProps {
  width?: string;
  height?: string;
  /** Text lines: renders this many bars, the last one shorter. */
  lines?: number;
  radius?: 'sm' | 'md' | 'pill';
  className?: string;
}

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Bar = styled.span<{ $radius: 'sm' | 'md' | 'pill' }>`
  display: block;
  border-radius: ${({ theme, $radius }) => theme.radius[$radius]};
  background: ${({ theme }) => theme.color.surfaceSunken};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const Stack = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

/** A placeholder while content loads; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({
  width = '100%',
  height = '14px',
  lines,
  radius = 'sm',
  className,
}: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <Stack aria-hidden="true" className={className} data-skeleton="">
        {Array.from({ length: lines }, (_, line) => (
          <Bar
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
            key={line}
            $radius={radius}
            style={{ width: line === lines - 1 ? '60%' : width, height }}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Bar
      aria-hidden="true"
      data-skeleton=""
      className={className}
      $radius={radius}
      style={{ width, height }}
    />
  );
}
