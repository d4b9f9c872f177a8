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

export const CELL_WIDTH = 92;
export const ROW_HEIGHT = 40;
/** The rack's name (34 px) and the place numbers under it. */
const NAME_HEIGHT = 34;
export const HEADER_HEIGHT = 54;
export const RACK_GAP = 16;
/** The shelf names at the start of each rack's rows. */
export const SHELF_LABEL_WIDTH = 22;
export const OVERVIEW_HEIGHT = 24;

export const Root = styled.div<{ $fill: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  ${({ $fill }) => ($fill ? 'height: 100%; min-height: 0;' : '')}
`;

/** Jump to a rack, and the legend: above the grid, always in view. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
`;

export const JumpForm = styled.form`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.typography.size.sm};
  & > label { color: ${({ theme }) => theme.color.text}; font-weight: ${({ theme }) => theme.typography.weight.semibold}; white-space: nowrap; }
  & > input {
    width: 5.5em;
    height: 32px;
    padding: 0 ${({ theme }) => theme.space[2]};
    border: 1px solid ${({ theme }) => theme.color.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
  & > input:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
  & > button {
    height: 32px;
    padding: 0 ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceSunken};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    cursor: pointer;
  }
  & > button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
  & > [role='status'] { color: ${({ theme }) => theme.color.danger}; }
`;

/** The overview of all racks: one pixel column per place, the visible part framed; click to scroll. */
export const Overview = styled.div`
  position: relative;
  height: ${OVERVIEW_HEIGHT}px;
  flex: 0 0 auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  overflow: hidden;
  & > canvas { display: block; width: 100%; height: 100%; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 1px; }
`;

export const OverviewWindow = styled.div`
  position: absolute;
  top: 0;
  bottom: 0;
  left: 0;
  border: 2px solid ${({ theme }) => theme.color.primary};
  border-radius: 3px;
  background: ${({ theme }) => `${theme.color.primary}1a`};
  pointer-events: none;
`;

/** The full text of the place under the pointer or the keyboard focus (cells show what fits). */
export const Status = styled.p`
  margin: 0;
  min-height: 1.4em;
  font-size: ${({ theme }) => theme.typography.size.sm};
  color: ${({ theme }) => theme.color.text};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

export const Scroll = styled.div<{ $fill: boolean }>`
  overflow: auto;
  ${({ $fill }) => ($fill ? 'flex: 1 1 auto; min-height: 0;' : '')}
  overscroll-behavior-x: contain;
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

/** The header row stays in view while the grid scrolls down. */
export const HeaderRow = styled(Row)`
  position: sticky;
  top: 0;
  z-index: 2;
  background: ${({ theme }) => theme.color.surface};
`;

export const RackHeader = styled.div`
  position: absolute;
  top: 0;
  height: ${NAME_HEIGHT - 4}px;
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
export const SHELF_LABEL_CLASS = 'rack-shelf-label';
export const PLACE_NUMBERS_CLASS = 'rack-place-numbers';

export const GridBody = styled.div`
  & .${CELL_CLASS} {
    position: absolute;
    top: 3px;
    width: ${CELL_WIDTH - 4}px;
    height: ${ROW_HEIGHT - 6}px;
    /* Two lines, broken at words (a name like "Hexagon head screw ISO 4017" reads as words, not
       "Hexagon…"); the full text is in the title, the accessible name and the status line. */
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-height: 14px;
    padding: 3px 4px;
    text-align: center;
    border-radius: ${({ theme }) => theme.radius.sm};
    font-size: 11px;
    overflow-wrap: anywhere;
    overflow: hidden;
    cursor: default;
    background: transparent;
    color: ${({ theme }) => theme.color.textMuted};
    border: 1px dashed ${({ theme }) => theme.color.border};
    transition: transform ${({ theme }) => theme.motion.duration.fast};
    /* Fixed size: a place's text never lays out anything around it. */
    contain: layout size style;
  }
  /* On a phone the places' names are most of the page's text: at least 12 px there (legible without
     zooming; Lighthouse's font-size audit). */
  @media (max-width: 640px) {
    & .${CELL_CLASS} { font-size: ${({ theme }) => theme.typography.size.xs}; }
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
  /* A search hit: a dark ring and a corner dot, seen on every state's colour. */
  & .${CELL_CLASS}[data-marked] {
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.text};
  }
  & .${CELL_CLASS}[data-marked]::after {
    content: '';
    position: absolute;
    top: 2px;
    right: 2px;
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.text};
  }
  & .${CELL_CLASS}:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    z-index: 1;
  }
  & .${SHELF_LABEL_CLASS} {
    position: absolute;
    top: 3px;
    width: ${SHELF_LABEL_WIDTH - 4}px;
    height: ${ROW_HEIGHT - 6}px;
    line-height: ${ROW_HEIGHT - 6}px;
    text-align: center;
    font-size: ${({ theme }) => theme.typography.size.xs};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    color: ${({ theme }) => theme.color.textMuted};
  }
  & .${PLACE_NUMBERS_CLASS} {
    position: absolute;
    top: ${NAME_HEIGHT}px;
    height: ${HEADER_HEIGHT - NAME_HEIGHT}px;
    display: flex;
    font-size: ${({ theme }) => theme.typography.size.xs};
    color: ${({ theme }) => theme.color.textMuted};
    & > span { width: ${CELL_WIDTH}px; text-align: center; }
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
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  & > li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space[1]}; white-space: nowrap; }
`;

/** The legend's signs for a search hit and the chosen container, drawn as in the grid. */
export const MarkSwatch = styled.span<{ $kind: 'marked' | 'selected' }>`
  position: relative;
  width: 14px;
  height: 14px;
  border-radius: 3px;
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme, $kind }) =>
    $kind === 'marked' ? `inset 0 0 0 2px ${theme.color.text}` : `0 0 0 2px ${theme.color.primary}`};
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
