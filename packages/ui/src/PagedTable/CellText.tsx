import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const Clip = styled.span<{ $maxWidth: string }>`
  display: block;
  max-width: ${({ $maxWidth }) => $maxWidth};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;

const Bubble = styled.span`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.tooltip};
  max-width: min(480px, calc(100vw - 16px));
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.text};
  color: ${({ theme }) => theme.color.textInverse};
  font-size: ${({ theme }) => theme.typography.size.xs};
  line-height: 1.4;
  overflow-wrap: anywhere;
  pointer-events: none;
  transform: translateY(calc(-100% - 6px));
`;

export interface CellTextProps {
  children: ReactNode;
  /** The widest the text may get before it ends in an ellipsis (a CSS length). */
  maxWidth?: string;
}

/**
 * One line of text that ends in an ellipsis when it does not fit. Only then it can be focused (Tab) and
 * shows its full text in a tooltip on hover and on keyboard focus (Escape hides it). Screen readers read
 * the full text anyway (the ellipsis is only drawn), so the tooltip is not announced a second time.
 */
export function CellText({ children, maxWidth = '28ch' }: CellTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const id = useId();
  const [truncated, setTruncated] = useState(false);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setTruncated(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  });

  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => (event.key === 'Escape' ? setAnchor(null) : undefined);
    const hide = () => setAnchor(null);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [anchor]);

  const show = () => {
    if (truncated && ref.current) setAnchor(ref.current.getBoundingClientRect());
  };
  const hide = () => setAnchor(null);

  return (
    <>
      <Clip
        ref={ref}
        $maxWidth={maxWidth}
        data-truncated={truncated || undefined}
        tabIndex={truncated ? 0 : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        {children}
      </Clip>
      {anchor && typeof document !== 'undefined'
        ? createPortal(
            <Bubble id={id} role="tooltip" style={{ left: Math.max(8, anchor.left), top: anchor.top }}>
              {ref.current?.textContent}
            </Bubble>,
            document.body,
          )
        : null}
    </>
  );
}
