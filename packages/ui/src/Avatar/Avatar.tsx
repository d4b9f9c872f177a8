import styled from 'styled-components';

export interface AvatarProps {
  /** Full name; initials are derived from it unless given. */
  name: string;
  initials?: string;
  size?: 'sm' | 'md' | 'lg';
  /** When the name is shown next to the avatar, hide it from screen readers. */
  decorative?: boolean;
  className?: string;
}

const sizes = { sm: 28, md: 36, lg: 56 } as const;

/** Up to two initials: first and last word of the name ("Anna Maria Nowak" -> "AN"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (first.charAt(0) + last.charAt(0)).toLocaleUpperCase();
}

const Circle = styled.span<{ $size: keyof typeof sizes }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => sizes[$size]}px;
  height: ${({ $size }) => sizes[$size]}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: ${({ $size }) => Math.round(sizes[$size] * 0.4)}px;
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  letter-spacing: 0.02em;
  user-select: none;
`;

export function Avatar({ name, initials, size = 'md', decorative = false, className }: AvatarProps) {
  const text = initials ?? initialsOf(name);
  return decorative ? (
    <Circle $size={size} className={className} aria-hidden="true">
      {text}
    </Circle>
  ) : (
    <Circle $size={size} className={className} role="img" aria-label={name}>
      {text}
    </Circle>
  );
}
