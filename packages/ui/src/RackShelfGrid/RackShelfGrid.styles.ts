import styled from 'styled-components';
import type { ContainerStateTone } from '../theme/tokens';

/** Every state a place can show, in the legend's order. */
export const CONTAINER_STATES: readonly ContainerStateTone[] = [
  'ok',
  'inaccess',
  'indelivery',
  'backorder',
  'alarming',
  'error',
  'inactive',
];

export const CELL_WIDTH = 76;
export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 40;
export const RACK_GAP = 16;

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

export const Scroll = styled.div`
  overflow-x: auto;
  overflow-y: hidden;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space[2]};
`;

// Positions and sizes that differ per rack or place are inline styles, not styled props: a styled
// prop per distinct value would mint one CSS class per cell.
export const Row = styled.div`
  position: relative;
  /* Its size is given inline: places coming into view lay out inside the row, not the page. */
  contain: layout size style;
`;

export const RackHeader = styled.div`
  position: absolute;
  top: 0;
  height: ${HEADER_HEIGHT - 6}px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[1]};
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  font-size: ${({ theme }) => theme.typography.size.sm};
  white-space: nowrap;
  overflow: hidden;
  & > span { overflow: hidden; text-overflow: ellipsis; }
`;

/**
 * The grid element; its places and shelf lines are plain elements styled from here (`CELL_CLASS`,
 * `data-tone`, `aria-selected`, `SHELF_LINE_CLASS`). A styled component per place would evaluate its
 * styles for every place on every scroll frame; one stylesheet for the grid keeps scrolling through
 * thousands of places cheap.
 */
export const CELL_CLASS = 'rack-place';
export const SHELF_LINE_CLASS = 'rack-shelf-line';

export const GridBody = styled.div`
  & .${CELL_CLASS} {
    position: absolute;
    top: 3px;
    width: ${CELL_WIDTH - 4}px;
    height: ${ROW_HEIGHT - 6}px;
    /* A block, not a flex box: only a block's own text gets the ellipsis (long codes stay readable
       from their start instead of being cut on both sides). */
    display: block;
    line-height: ${ROW_HEIGHT - 8}px;
    text-align: center;
    padding: 0 4px;
    border-radius: ${({ theme }) => theme.radius.sm};
    font-family: ${({ theme }) => theme.typography.mono};
    font-size: ${({ theme }) => theme.typography.size.xs};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    cursor: default;
    background: transparent;
    color: ${({ theme }) => theme.color.textMuted};
    border: 1px dashed ${({ theme }) => theme.color.border};
    transition: transform ${({ theme }) => theme.motion.duration.fast};
    /* Fixed size: a place's text never lays out anything around it. */
    contain: layout size style;
  }
  ${({ theme }) =>
    CONTAINER_STATES.map(
      (tone) => `& .${CELL_CLASS}[data-tone='${tone}'] {
        cursor: pointer;
        background: ${theme.color.state[tone].fill};
        color: ${theme.color.state[tone].text};
        border-style: solid;
        border-color: transparent;
      }`,
    ).join('\n')}
  & .${CELL_CLASS}[data-tone]:hover { transform: translateY(-1px); }
  & .${CELL_CLASS}[aria-selected='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    box-shadow: 0 0 0 2px ${({ theme }) => theme.color.primary};
  }
  & .${CELL_CLASS}:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    z-index: 1;
  }
  & .${SHELF_LINE_CLASS} {
    position: absolute;
    bottom: 0;
    height: 2px;
    background: ${({ theme }) => theme.color.border};
  }
`;

export const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  & > li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space[2]}; }
`;

export const Swatch = styled.span<{ $tone: ContainerStateTone }>`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  background: ${({ theme, $tone }) => theme.color.state[$tone].fill};
  border: 1px solid ${({ theme, $tone }) => theme.color.state[$tone].text};
`;

/** A rack's name, with its note (e.g. when it was last serviced) in smaller type underneath. */
export const RackLabel = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  line-height: 1.15;
  & > span { overflow: hidden; text-overflow: ellipsis; }
`;

export const RackNote = styled.span`
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.regular};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The rack's name as a button when racks can be chosen (it opens the rack's actions). */
export const RackButton = styled.button`
  flex: 1;
  min-width: 0;
  display: flex;
  padding: 0 2px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.border}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
`;

export const MoveButton = styled.button`
  display: inline-flex;
  padding: 2px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.color.border}; }
  &:disabled { opacity: 0.35; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
`;
