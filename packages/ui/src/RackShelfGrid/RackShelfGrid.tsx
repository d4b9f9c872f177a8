import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { EmptyState } from '../EmptyState/EmptyState';
import { ChevronLeftIcon } from '../internal/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '../internal/icons/ChevronRightIcon';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import type { ContainerStateTone } from '../theme/tokens';
import { type UiTextContextValue, useUiText } from '../UiText/UiTextProvider';
import {
  CELL_CLASS,
  CELL_WIDTH,
  CONTAINER_STATES,
  GridBody,
  HEADER_HEIGHT,
  Legend,
  MoveButton,
  RACK_GAP,
  RackButton,
  RackHeader,
  RackLabel,
  RackNote,
  ROW_HEIGHT,
  Root,
  Row,
  Scroll,
  SHELF_LINE_CLASS,
  Swatch,
} from './RackShelfGrid.styles';

export interface RackContainer {
  id: string;
  /** Shown on the place, e.g. the container code. */
  code: string;
  state: ContainerStateTone;
  /** Extra words for screen readers and the tooltip, e.g. the article name. */
  description?: string;
}

export interface RackShelf {
  id: string;
  name: string;
  /** Places from left to right; null is an empty place. */
  places: readonly (RackContainer | null)[];
}

export interface Rack {
  id: string;
  name: string;
  /** Shelves from top to bottom. */
  shelves: readonly RackShelf[];
  /** A short line under the rack's name, e.g. when it was last serviced (also part of its accessible name). */
  note?: string;
}

export interface RackShelfGridProps {
  racks: readonly Rack[];
  /** Rows shown; defaults to the highest shelf count over the racks (the location's maxShelves). */
  maxShelves?: number;
  selectedId?: string | null;
  onSelectContainer?: (container: RackContainer, where: { rack: Rack; shelf: RackShelf }) => void;
  /** Rack layout editing: move buttons on each rack header. */
  editable?: boolean;
  onReorderRacks?: (rackIds: string[]) => void;
  /** Choosing a rack: its header becomes a button (e.g. to open the rack's actions). */
  onSelectRack?: (rack: Rack) => void;
  /** Accessible name of the grid; defaults to "Racks and shelves". */
  label?: string;
  showLegend?: boolean;
  /** Shown instead of the grid when the location has no racks. */
  emptyTitle?: string;
}

export { CONTAINER_STATES };

interface Layout {
  slots: number[];
  offsets: number[];
  columns: number;
}

function layoutOf(racks: readonly Rack[]): Layout {
  const slots = racks.map((rack) => Math.max(1, ...rack.shelves.map((shelf) => shelf.places.length)));
  const offsets: number[] = [];
  let columns = 0;
  for (const count of slots) {
    offsets.push(columns);
    columns += count;
  }
  return { slots, offsets, columns };
}

function rackOfColumn(offsets: number[], column: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (offsets[mid]! <= column) low = mid;
    else high = mid - 1;
  }
  return low;
}

interface PlaceCellProps {
  rackName: string;
  shelfName: string | null;
  container: RackContainer | null;
  row: number;
  col: number;
  left: number;
  selected: boolean;
  tabbable: boolean;
  t: UiTextContextValue['t'];
}

/** One place of the grid: a plain element styled by the grid's stylesheet (`CELL_CLASS`). */
function PlaceCell({
  rackName,
  shelfName,
  container,
  row,
  col,
  left,
  selected,
  tabbable,
  t,
}: PlaceCellProps) {
  const where = `${t('rack.rack', { name: rackName })}, ${shelfName ? t('rack.shelf', { name: shelfName }) : ''}`;
  const state = container ? t(`rack.state.${container.state}`) : '';
  const name = container
    ? `${where}: ${container.code}, ${state}${container.description ? `, ${container.description}` : ''}`
    : `${where}: ${t('rack.emptyPlace')}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualised, absolutely positioned grid cannot be a <table>
    <div
      className={CELL_CLASS}
      role="gridcell"
      aria-colindex={col + 1}
      aria-label={name}
      aria-selected={container ? selected : undefined}
      title={container ? `${container.code} – ${state}` : undefined}
      tabIndex={tabbable ? 0 : -1}
      data-row={row}
      data-col={col}
      data-tone={container?.state}
      style={{ left }}
    >
      {container?.code ?? ''}
    </div>
  );
}

interface RackRowProps {
  rack: Rack;
  row: number;
  /** The rack's first column in the grid and its left edge (px). */
  offset: number;
  start: number;
  slots: number;
  width: number;
  selectedId: string | null;
  /** The column of the grid's one tabbable place when it is in this row, else -1. */
  tabbableCol: number;
  t: UiTextContextValue['t'];
}

/**
 * One rack's places on one shelf row, memoised with plain props: when scrolling brings a rack into
 * view, only its segments render; the racks already in view are skipped as a whole (one comparison
 * per rack and row instead of one per place).
 */
const RackRow = memo(function RackRow({
  rack,
  row,
  offset,
  start,
  slots,
  width,
  selectedId,
  tabbableCol,
  t,
}: RackRowProps) {
  const shelf = rack.shelves[row];
  return (
    <>
      {Array.from({ length: slots }, (_, slot) => {
        const col = offset + slot;
        const container = shelf?.places[slot] ?? null;
        return (
          <PlaceCell
            key={col}
            rackName={rack.name}
            shelfName={shelf?.name ?? null}
            container={container}
            row={row}
            col={col}
            left={start + slot * CELL_WIDTH}
            selected={Boolean(container && container.id === selectedId)}
            tabbable={tabbableCol === col}
            t={t}
          />
        );
      })}
      {shelf ? <div className={SHELF_LINE_CLASS} aria-hidden="true" style={{ left: start, width }} /> : null}
    </>
  );
});

interface RackColumnHeaderProps {
  rack: Rack;
  index: number;
  last: boolean;
  column: number;
  slots: number;
  start: number;
  width: number;
  editable: boolean;
  onMove: (index: number, step: -1 | 1) => void;
  onSelect: ((rack: Rack) => void) | undefined;
  t: UiTextContextValue['t'];
}

/** A rack's column header (with the move buttons when editing), memoised like its rows. */
const RackColumnHeader = memo(function RackColumnHeader({
  rack,
  index,
  last,
  column,
  slots,
  start,
  width,
  editable,
  onMove,
  onSelect,
  t,
}: RackColumnHeaderProps) {
  const name = t('rack.rack', { name: rack.name });
  const title = rack.note ? `${name}, ${rack.note}` : name;
  // The note on a line of its own; for screen readers after a comma ("Rack 3, handled ...").
  const label = (
    <RackLabel title={title}>
      <span>{name}</span>
      {rack.note ? (
        <RackNote>
          <VisuallyHidden>, </VisuallyHidden>
          {rack.note}
        </RackNote>
      ) : null}
    </RackLabel>
  );

  return (
    <RackHeader
      role="columnheader"
      aria-colindex={column + 1}
      aria-colspan={slots}
      style={{ left: start, width }}
    >
      {editable ? (
        <MoveButton
          type="button"
          aria-label={`${t('rack.moveLeft')}: ${rack.name}`}
          disabled={index === 0}
          onClick={() => onMove(index, -1)}
        >
          <ChevronLeftIcon size={14} />
        </MoveButton>
      ) : null}
      {onSelect ? (
        <RackButton type="button" aria-haspopup="dialog" onClick={() => onSelect(rack)}>
          {label}
        </RackButton>
      ) : (
        label
      )}
      {editable ? (
        <MoveButton
          type="button"
          aria-label={`${t('rack.moveRight')}: ${rack.name}`}
          disabled={last}
          onClick={() => onMove(index, 1)}
        >
          <ChevronRightIcon size={14} />
        </MoveButton>
      ) : null}
    </RackHeader>
  );
});

/**
 * A location's racks as columns and shelves as rows, each place coloured by its container's state.
 * Racks are virtualised horizontally, so thousands of containers stay smooth. Keyboard: arrows move
 * between places (across racks), Home/End to the row's ends, Ctrl+Home/End to the corners,
 * Enter or Space selects.
 */
export function RackShelfGrid({
  racks,
  maxShelves,
  selectedId = null,
  onSelectContainer,
  editable = false,
  onReorderRacks,
  onSelectRack,
  label,
  showLegend = true,
  emptyTitle,
}: RackShelfGridProps) {
  const { t } = useUiText();
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const layout = useMemo(() => layoutOf(racks), [racks]);
  const rows = maxShelves ?? Math.max(0, ...racks.map((rack) => rack.shelves.length));
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  const pendingFocus = useRef(false);

  const virtualizer = useVirtualizer({
    horizontal: true,
    count: racks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => layout.slots[index]! * CELL_WIDTH + RACK_GAP,
    overscan: 2,
    // The window's width until the scroller is measured: on a wide screen the first render already shows
    // every rack that fits, instead of rendering again with more.
    initialRect: { width: typeof window === 'undefined' ? 1024 : window.innerWidth, height: 0 },
  });
  const items = virtualizer.getVirtualItems();
  const width = virtualizer.getTotalSize();

  // Move DOM focus after the target cell has been rendered (it may need a scroll first).
  useEffect(() => {
    if (!pendingFocus.current) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(
      `[data-row="${focus.row}"][data-col="${focus.col}"]`,
    );
    if (cell) {
      pendingFocus.current = false;
      cell.focus();
    }
  });

  const moveTo = (row: number, col: number) => {
    const next = {
      row: Math.min(Math.max(row, 0), rows - 1),
      col: Math.min(Math.max(col, 0), layout.columns - 1),
    };
    pendingFocus.current = true;
    virtualizer.scrollToIndex(rackOfColumn(layout.offsets, next.col), { align: 'auto' });
    setFocus(next);
  };

  const placeAt = (row: number, col: number) => {
    const rackIndex = rackOfColumn(layout.offsets, col);
    const rack = racks[rackIndex];
    const shelf = rack?.shelves[row];
    const container = shelf?.places[col - layout.offsets[rackIndex]!] ?? null;
    return { rack, shelf, container };
  };

  const select = (row: number, col: number) => {
    const { rack, shelf, container } = placeAt(row, col);
    if (rack && shelf && container) onSelectContainer?.(container, { rack, shelf });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { row, col } = focus;
    if (!(event.target as HTMLElement).dataset.col) return;
    const last = { row: rows - 1, col: layout.columns - 1 };
    switch (event.key) {
      case 'ArrowRight':
        moveTo(row, col + 1);
        break;
      case 'ArrowLeft':
        moveTo(row, col - 1);
        break;
      case 'ArrowDown':
        moveTo(row + 1, col);
        break;
      case 'ArrowUp':
        moveTo(row - 1, col);
        break;
      case 'Home':
        moveTo(event.ctrlKey ? 0 : row, 0);
        break;
      case 'End':
        moveTo(event.ctrlKey ? last.row : row, last.col);
        break;
      case 'Enter':
      case ' ':
        select(row, col);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // One click handler for all places (they are many): the place clicked names its row and column.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>(`.${CELL_CLASS}`);
    if (!cell) return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    setFocus({ row, col });
    select(row, col);
  };

  const moveRack = (index: number, step: -1 | 1) => {
    const ids = racks.map((rack) => rack.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    onReorderRacks?.(ids);
  };
  // The headers are memoised: they get one stable function that calls the latest moveRack.
  const moveRackRef = useRef(moveRack);
  moveRackRef.current = moveRack;
  const onMove = useCallback((index: number, step: -1 | 1) => moveRackRef.current(index, step), []);

  const stateLabel = (state: ContainerStateTone) => t(`rack.state.${state}`);

  if (racks.length === 0) {
    return (
      <Root>
        <EmptyState title={emptyTitle ?? t('common.emptyTitle')} />
      </Root>
    );
  }

  return (
    <Root>
      <Scroll ref={scrollRef}>
        <GridBody
          ref={gridRef}
          role="grid"
          aria-label={label ?? t('rack.grid')}
          aria-rowcount={rows + 1}
          aria-colcount={layout.columns}
          onKeyDown={onKeyDown}
          onClick={onClick}
        >
          <Row role="row" aria-rowindex={1} style={{ width, height: HEADER_HEIGHT }}>
            {items.map((item) => (
              <RackColumnHeader
                key={racks[item.index]!.id}
                rack={racks[item.index]!}
                index={item.index}
                last={item.index === racks.length - 1}
                column={layout.offsets[item.index]!}
                slots={layout.slots[item.index]!}
                start={item.start}
                width={item.size - RACK_GAP}
                editable={editable}
                onMove={onMove}
                onSelect={onSelectRack}
                t={t}
              />
            ))}
          </Row>
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: shelf rows are positions, the index is their identity
            <Row key={row} role="row" aria-rowindex={row + 2} style={{ width, height: ROW_HEIGHT }}>
              {items.map((item) => (
                <RackRow
                  key={racks[item.index]!.id}
                  rack={racks[item.index]!}
                  row={row}
                  offset={layout.offsets[item.index]!}
                  start={item.start}
                  slots={layout.slots[item.index]!}
                  width={item.size - RACK_GAP}
                  selectedId={selectedId}
                  tabbableCol={focus.row === row ? focus.col : -1}
                  t={t}
                />
              ))}
            </Row>
          ))}
        </GridBody>
      </Scroll>
      {showLegend ? (
        <Legend aria-label={t('rack.legend')}>
          {CONTAINER_STATES.map((state) => (
            <li key={state}>
              <Swatch $tone={state} aria-hidden="true" />
              {stateLabel(state)}
            </li>
          ))}
        </Legend>
      ) : null}
    </Root>
  );
}
