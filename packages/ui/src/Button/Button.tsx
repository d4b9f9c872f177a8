import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner } from '../Spinner/Spinner';
import { type ButtonSize, type ButtonVariant, StyledButton } from './Button.styles';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and ignores clicks until the work is done. */
  loading?: boolean;
  /** An icon before the label. For an icon-only button give `aria-label` and no children. */
  icon?: ReactNode;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  children,
  type = 'button',
  disabled,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $iconOnly={!children}
      disabled={disabled}
      aria-busy={loading || undefined}
      // A busy button stays focusable (so focus is not lost) but ignores activation.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
      {children}
    </StyledButton>
  );
}
