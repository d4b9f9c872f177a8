import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';

/** Spec: top placement, shown after 150 ms, fading in over 200 ms and out over 5 ms, no max width. */
export const TOOLTIP_DELAY_MS = 150;
export const TOOLTIP_IN_MS = 200;
export const TOOLTIP_OUT_MS = 5;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (button, link); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  delay?: number;
}

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const Bubble = styled.span<{ $visible: boolean }>`
  position: absolute;
  bottom: calc(100% + 8px);
  left: 50%;
  z-index: ${({ theme }) => theme.zIndex.tooltip};
  transform: translateX(-50%);
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.text};
  color: ${({ theme }) => theme.color.textInverse};
  font-size: ${({ theme }) => theme.typography.size.xs};
  line-height: 1.4;
  white-space: nowrap;
  pointer-events: none;
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  transition: opacity ${({ $visible }) => ($visible ? TOOLTIP_IN_MS : TOOLTIP_OUT_MS)}ms ease-out;
  &::after {
    content: '';
    position: absolute;
    top: 100%;
    left: 50%;
    margin-left: -5px;
    border: 5px solid transparent;
    border-top-color: ${({ theme }) => theme.color.text};
  }
`;

/** A short description shown above its trigger on hover or keyboard focus; Escape hides it. */
export function Tooltip({ content, children, delay = TOOLTIP_DELAY_MS }: TooltipProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setVisible(false);
  };

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => (event.key === 'Escape' ? hide() : undefined);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <Anchor onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': id })}
      <Bubble id={id} role="tooltip" $visible={visible} aria-hidden={!visible}>
        {content}
      </Bubble>
    </Anchor>
  );
}
