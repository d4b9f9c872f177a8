import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import styled from 'styled-components';

export interface SplitterProps {
  /**
   * `vertical`: a bar between two columns (it changes a width); `horizontal`: a bar between two rows
   * (it changes a height). As the ARIA separator's orientation.
   */
  orientation: 'vertical' | 'horizontal';
  /** What the bar sizes, e.g. "Height of the rack grid". */
  label: string;
  /** The size it controls, in `unit`s (px, or a share in per cent). */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The value a drag of one pixel changes (e.g. 100 / the area's height for a share in per cent). */
  perPixel?: number;
  /** 1 when dragging right or down grows the value, -1 when it shrinks it (a panel on the right). */
  direction?: 1 | -1;
  /** Arrow-key step; Shift+arrow takes five. */
  step?: number;
  /** The id of the area it sizes. */
  controls?: string;
}

const Bar = styled.div<{ $vertical: boolean }>`
  position: relative;
  flex: 0 0 auto;
  ${({ $vertical }) =>
    $vertical ? 'width: 12px; cursor: col-resize; align-self: stretch;' : 'height: 12px; cursor: row-resize;'}
  touch-action: none;
  border-radius: 4px;
  &::before {
    content: '';
    position: absolute;
    border-radius: 2px;
    background: ${({ theme }) => theme.color.border};
    ${({ $vertical }) =>
      $vertical ? 'top: 0; bottom: 0; left: 5px; width: 2px;' : 'left: 0; right: 0; top: 5px; height: 2px;'}
  }
  /* The grip in the middle: where to take it. */
  &::after {
    content: '';
    position: absolute;
    border-radius: 3px;
    background: ${({ theme }) => theme.color.textMuted};
    ${({ $vertical }) =>
      $vertical
        ? 'top: calc(50% - 16px); height: 32px; left: 4px; width: 4px;'
        : 'left: calc(50% - 16px); width: 32px; top: 4px; height: 4px;'}
  }
  &:hover::before { background: ${({ theme }) => theme.color.primary}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
`;

/**
 * A bar between two areas that resizes them: drag it, or focus it and use the arrow keys (Home/End
 * to the ends). An ARIA separator with its value, so screen readers say how big the area is.
 */
export function Splitter({
  orientation,
  label,
  value,
  min,
  max,
  onChange,
  perPixel = 1,
  direction = 1,
  step = 16,
  controls,
}: SplitterProps) {
  const vertical = orientation === 'vertical';
  const drag = useRef<{ start: number; value: number } | null>(null);
  const clamp = (next: number) => Math.min(Math.max(next, min), max);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { start: vertical ? event.clientX : event.clientY, value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = (vertical ? event.clientX : event.clientY) - drag.current.start;
    onChange(clamp(drag.current.value + moved * perPixel * direction));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const amount = event.shiftKey ? step * 5 : step;
    const grow = vertical ? 'ArrowRight' : 'ArrowDown';
    const shrink = vertical ? 'ArrowLeft' : 'ArrowUp';
    if (event.key === grow) onChange(clamp(value + amount * direction));
    else if (event.key === shrink) onChange(clamp(value - amount * direction));
    else if (event.key === 'Home') onChange(min);
    else if (event.key === 'End') onChange(max);
    else return;
    event.preventDefault();
  };

  return (
    <Bar
      role="separator"
      tabIndex={0}
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={Math.round(min)}
      aria-valuemax={Math.round(max)}
      aria-controls={controls}
      $vertical={vertical}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
