import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { EmptyState } from '../EmptyState/EmptyState';
import { ChevronLeftIcon } from '../internal/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '../internal/icons/ChevronRightIcon';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { useTheme } from '../theme/ThemeProvider';
import type { ContainerStateTone } from '../theme/tokens';
import { type UiTextContextValue, useUiText } from '../UiText/UiTextProvider';
import {
  CELL_CLASS,
  CELL_WIDTH,
  CONTAINER_STATES,
  GridBody,
  HEADER_HEIGHT,
  HeaderRow,
  JumpForm,
  Legend,
  MarkSwatch,
  MoveButton,
  OVERVIEW_HEIGHT,
  Overview,
  OverviewWindow,
  PLACE_NUMBERS_CLASS,
  RACK_GAP,
  RackButton,
  RackHeader,
  RackLabel,
  RackNote,
  ROW_HEIGHT,
  Root,
  Row,
  Scroll,
  SHELF_LABEL_CLASS,
  SHELF_LABEL_WIDTH,
  SHELF_LINE_CLASS,
  Status,
  Swatch,
  Toolbar,
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
  /** Containers to mark in the grid and the overview, e.g. the current search hits. */
  markedIds?: ReadonlySet<string>;
  /** The overview of all racks above the grid (click or arrow keys to scroll there); default: over 3 racks. */
  showOverview?: boolean;
  /** The "Go to rack" field; default: over 3 racks. */
  showJump?: boolean;
  /** Fill the parent's height: the grid scrolls inside it both ways (the toolbar and overview stay). */
  fill?: boolean;
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

/** A rack's width in the grid: its shelf names, its places and the gap to the next rack. */
const rackWidth = (slots: number) => SHELF_LABEL_WIDTH + slots * CELL_WIDTH + RACK_GAP;

/** Where each container sits (rack index, row, column): to scroll to the chosen one and to draw marks. */
interface Spot {
  rack: number;
  row: number;
  col: number;
}
function spotsOf(racks: readonly Rack[], layout: Layout): Map<string, Spot> {
  const spots = new Map<string, Spot>();
  racks.forEach((rack, index) => {
    rack.shelves.forEach((shelf, row) => {
      shelf.places.forEach((place, slot) => {
        if (place) spots.set(place.id, { rack: index, row, col: layout.offsets[index]! + slot });
      });
    });
  });
  return spots;
}

/** The rack a typed name means: the same name, else "Rack {name}" as shown, else the first that starts so. */
export function findRack(racks: readonly Rack[], typed: string, rackWord: (name: string) => string): number {
  const wanted = typed.trim().toLocaleLowerCase();
  if (!wanted) return -1;
  const names = racks.map((rack) => rack.name.toLocaleLowerCase());
  const shown = racks.map((rack) => rackWord(rack.name).toLocaleLowerCase());
  const asNumber = /^\d+$/.test(wanted) ? Number(wanted) : Number.NaN;
  const exact = names.findIndex((name, i) => name === wanted || shown[i] === wanted);
  if (exact >= 0) return exact;
  // "7" finds "07" and "R07": the same number.
  if (!Number.isNaN(asNumber)) {
    const same = names.findIndex((name) => Number(name.match(/(\d+)\D*$/)?.[1] ?? Number.NaN) === asNumber);
    if (same >= 0) return same;
  }
  const start = names.findIndex((name, i) => name.startsWith(wanted) || shown[i]!.startsWith(wanted));
  if (start >= 0) return start;
  return names.findIndex((name) => name.includes(wanted));
}

/** The grid's words, built once per language instead of once per place. */
interface Words {
  rack: (name: string) => string;
  shelf: (name: string) => string;
  place: (name: string) => string;
  empty: string;
  state: Record<ContainerStateTone, string>;
}
function wordsOf(t: UiTextContextValue['t']): Words {
  const template = (key: 'rack.rack' | 'rack.shelf' | 'rack.place') => {
    const text = t(key, { name: '\u0000' });
    return (name: string) => text.replace('\u0000', name);
  };
  return {
    rack: template('rack.rack'),
    shelf: template('rack.shelf'),
    place: template('rack.place'),
    empty: t('rack.emptyPlace'),
    state: Object.fromEntries(CONTAINER_STATES.map((state) => [state, t(`rack.state.${state}`)])) as Record<
      ContainerStateTone,
      string
    >,
  };
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
  /** "Rack 3, Shelf 2, Place 4". */
  where: string;
  container: RackContainer | null;
  row: number;
  col: number;
  left: number;
  selected: boolean;
  marked: boolean;
  tabbable: boolean;
  words: Words;
}

/** One place of the grid: a plain element styled by the grid's stylesheet (`CELL_CLASS`). */
function PlaceCell({ where, container, row, col, left, selected, marked, tabbable, words }: PlaceCellProps) {
  const state = container ? words.state[container.state] : '';
  const name = container
    ? `${where}: ${container.code}, ${state}${container.description ? `, ${container.description}` : ''}`
    : `${where}: ${words.empty}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualised, absolutely positioned grid cannot be a <table>
    <div
      className={CELL_CLASS}
      role="gridcell"
      aria-colindex={col + 1}
      aria-label={name}
      aria-selected={container ? selected : undefined}
      // The full text on hover (the status line under the grid shows it on keyboard focus too).
      title={name}
      tabIndex={tabbable ? 0 : -1}
      data-row={row}
      data-col={col}
      data-tone={container?.state}
      data-marked={marked ? '' : undefined}
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
  markedIds: ReadonlySet<string> | undefined;
  /** The column of the grid's one tabbable place when it is in this row, else -1. */
  tabbableCol: number;
  words: Words;
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
  markedIds,
  tabbableCol,
  words,
}: RackRowProps) {
  const shelf = rack.shelves[row];
  const where = shelf ? `${words.rack(rack.name)}, ${words.shelf(shelf.name)}` : words.rack(rack.name);
  const first = start + SHELF_LABEL_WIDTH;
  return (
    <>
      {shelf ? (
        <div className={SHELF_LABEL_CLASS} aria-hidden="true" style={{ left: start }}>
          {shelf.name}
        </div>
      ) : null}
      {Array.from({ length: slots }, (_, slot) => {
        const col = offset + slot;
        const container = shelf?.places[slot] ?? null;
        return (
          <PlaceCell
            key={col}
            where={`${where}, ${words.place(String(slot + 1))}`}
            container={container}
            row={row}
            col={col}
            left={first + slot * CELL_WIDTH}
            selected={Boolean(container && container.id === selectedId)}
            marked={Boolean(container && markedIds?.has(container.id))}
            tabbable={tabbableCol === col}
            words={words}
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
      data-rack={index}
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

/** The place numbers under a rack's name (the places' accessible names say them). */
const PlaceNumbers = memo(function PlaceNumbers({ start, slots }: { start: number; slots: number }) {
  return (
    <div className={PLACE_NUMBERS_CLASS} aria-hidden="true" style={{ left: start + SHELF_LABEL_WIDTH }}>
      {Array.from({ length: slots }, (_, slot) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: place numbers are positions
        <span key={slot}>{slot + 1}</span>
      ))}
    </div>
  );
});

/** The line under the grid with the full text of the place under the pointer or the focus. */
function StatusLine({ register }: { register: (set: (text: string) => void) => void }) {
  const [text, setText] = useState('');
  useEffect(() => register(setText), [register]);
  return <Status title={text || undefined}>{text || '\u00a0'}</Status>;
}

interface OverviewProps {
  racks: readonly Rack[];
  layout: Layout;
  totalWidth: number;
  spots: Map<string, Spot>;
  selectedId: string | null;
  markedIds: ReadonlySet<string> | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  rackStarts: readonly number[];
  label: string;
  rackWord: (name: string) => string;
}

/**
 * Every place of every rack as a pixel column in a canvas (one draw instead of thousands of elements),
 * the visible part framed. A click scrolls there; as a slider, the arrow keys move a rack, Page keys ten.
 */
function RackOverview({
  racks,
  layout,
  totalWidth,
  spots,
  selectedId,
  markedIds,
  scrollRef,
  rackStarts,
  label,
  rackWord,
}: OverviewProps) {
  const theme = useTheme();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    setWidth(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const scale = width > 0 && totalWidth > 0 ? width / totalWidth : 0;

  // Draw the places: a column per place, a row per shelf; marks over them.
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext?.('2d');
    if (!canvas || !context || scale === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const height = OVERVIEW_HEIGHT - 2;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const rows = Math.max(1, ...racks.map((rack) => rack.shelves.length));
    const rowHeight = (height - 4) / rows;
    const place = Math.max(CELL_WIDTH * scale, 0.5);
    racks.forEach((rack, index) => {
      const left = (rackStarts[index]! + SHELF_LABEL_WIDTH) * scale;
      rack.shelves.forEach((shelf, row) => {
        shelf.places.forEach((container, slot) => {
          if (!container) return;
          context.fillStyle = theme.color.state[container.state].text;
          context.fillRect(left + slot * place, 2 + row * rowHeight, place, Math.max(rowHeight - 1, 1));
        });
      });
    });
    const mark = (id: string, color: string) => {
      const spot = spots.get(id);
      if (!spot) return;
      const slot = spot.col - layout.offsets[spot.rack]!;
      const x = (rackStarts[spot.rack]! + SHELF_LABEL_WIDTH) * scale + slot * place;
      context.fillStyle = color;
      context.fillRect(Math.max(x - 1, 0), 0, Math.max(place, 3), height);
    };
    for (const id of markedIds ?? []) mark(id, theme.color.text);
    if (selectedId) mark(selectedId, theme.color.primary);
  }, [racks, layout, spots, rackStarts, scale, width, theme, markedIds, selectedId]);

  // Keep the frame on the visible part: set from the scroll event directly (no render per frame).
  useEffect(() => {
    const scroller = scrollRef.current;
    const frame = frameRef.current;
    const box = boxRef.current;
    if (!scroller || !frame || !box || scale === 0) return;
    const update = () => {
      frame.style.left = `${scroller.scrollLeft * scale}px`;
      frame.style.width = `${Math.max(scroller.clientWidth * scale, 4)}px`;
      const first = Math.max(
        0,
        rackStarts.findLastIndex((start) => start <= scroller.scrollLeft + 1),
      );
      box.setAttribute('aria-valuenow', String(first + 1));
      box.setAttribute('aria-valuetext', rackWord(racks[first]?.name ?? ''));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    return () => scroller.removeEventListener('scroll', update);
  }, [scrollRef, scale, rackStarts, racks, rackWord]);

  const scrollToX = (x: number) => {
    const scroller = scrollRef.current;
    if (!scroller || scale === 0) return;
    scroller.scrollLeft = Math.max(0, x / scale - scroller.clientWidth / 2);
  };
  const toRack = (index: number) => {
    const scroller = scrollRef.current;
    const bounded = Math.min(Math.max(index, 0), racks.length - 1);
    if (scroller) scroller.scrollLeft = rackStarts[bounded]!;
  };
  const current = () => {
    const scroller = scrollRef.current;
    return Math.max(
      0,
      rackStarts.findLastIndex((start) => start <= (scroller?.scrollLeft ?? 0) + 1),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowDown: 1,
      ArrowLeft: -1,
      ArrowUp: -1,
      PageDown: 10,
      PageUp: -10,
    };
    if (event.key in steps) toRack(current() + steps[event.key]!);
    else if (event.key === 'Home') toRack(0);
    else if (event.key === 'End') toRack(racks.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Overview
      ref={boxRef}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuemin={1}
      aria-valuemax={racks.length}
      aria-valuenow={1}
      onClick={(event: MouseEvent<HTMLDivElement>) =>
        scrollToX(event.clientX - event.currentTarget.getBoundingClientRect().left)
      }
      onKeyDown={onKeyDown}
      data-testid="rack-overview"
    >
      <canvas ref={canvasRef} />
      <OverviewWindow ref={frameRef} aria-hidden="true" />
    </Overview>
  );
}

/**
 * A location's racks as columns and shelves as rows, each place coloured by its container's state, with a
 * legend, a "Go to rack" field and an overview of all racks above it (for locations of 100+ racks), shelf
 * names and place numbers, search hits (`markedIds`) and the chosen container marked. Racks are virtualised
 * horizontally, so thousands of containers stay smooth. Keyboard: arrows move between places (across
 * racks), Page Up/Down a rack, Home/End to the row's ends, Ctrl+Home/End to the corners, Enter or Space
 * selects; the line under the grid shows the focused (or hovered) place in full.
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
  markedIds,
  showOverview,
  showJump,
  fill = false,
}: RackShelfGridProps) {
  const { t } = useUiText();
  const words = useMemo(() => wordsOf(t), [t]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const layout = useMemo(() => layoutOf(racks), [racks]);
  const spots = useMemo(() => spotsOf(racks, layout), [racks, layout]);
  const rackStarts = useMemo(() => {
    const starts: number[] = [];
    let x = 0;
    for (const slots of layout.slots) {
      starts.push(x);
      x += rackWidth(slots);
    }
    return starts;
  }, [layout]);
  const rows = maxShelves ?? Math.max(0, ...racks.map((rack) => rack.shelves.length));
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  const pendingFocus = useRef(false);
  const jumpId = useId();
  const [jumpText, setJumpText] = useState('');
  const [jumpMissing, setJumpMissing] = useState<string | null>(null);
  const many = racks.length > 3;

  const virtualizer = useVirtualizer({
    horizontal: true,
    count: racks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rackWidth(layout.slots[index]!),
    overscan: 1,
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
      cell.focus({ preventScroll: false });
    }
  });

  // The chosen container (from the grid, the results or a link) comes into view if it is not; only when
  // it changes (the latest layout read through a ref), not on every scroll.
  const latest = useRef({ virtualizer, rackStarts, layout });
  latest.current = { virtualizer, rackStarts, layout };
  useEffect(() => {
    const spot = selectedId ? spots.get(selectedId) : undefined;
    const scroller = scrollRef.current;
    if (!spot || !scroller) return;
    const { virtualizer: v, rackStarts: starts, layout: l } = latest.current;
    const start = starts[spot.rack]!;
    const end = start + rackWidth(l.slots[spot.rack]!);
    if (start < scroller.scrollLeft || end > scroller.scrollLeft + scroller.clientWidth)
      v.scrollToIndex(spot.rack, { align: 'start' });
    setFocus((current) =>
      current.row === spot.row && current.col === spot.col ? current : { row: spot.row, col: spot.col },
    );
  }, [selectedId, spots]);

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

  /** To the same place of the next or previous rack (or its last place when that rack is narrower). */
  const moveRackStep = (row: number, col: number, step: 1 | -1) => {
    const index = rackOfColumn(layout.offsets, col);
    const target = Math.min(Math.max(index + step, 0), racks.length - 1);
    const slot = Math.min(col - layout.offsets[index]!, layout.slots[target]! - 1);
    moveTo(row, layout.offsets[target]! + slot);
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
      case 'PageDown':
        moveRackStep(row, col, 1);
        break;
      case 'PageUp':
        moveRackStep(row, col, -1);
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

  // The status line shows the place under the pointer or the focus, in full (one listener for all places).
  const setStatus = useRef<(text: string) => void>(() => {});
  const registerStatus = useCallback((set: (text: string) => void) => {
    setStatus.current = set;
  }, []);
  const describe = (event: MouseEvent<HTMLDivElement> | FocusEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>(`.${CELL_CLASS}`);
    if (cell) setStatus.current(cell.getAttribute('aria-label') ?? '');
  };

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const index = findRack(racks, jumpText, words.rack);
    if (index < 0) {
      setJumpMissing(jumpText.trim());
      return;
    }
    setJumpMissing(null);
    virtualizer.scrollToIndex(index, { align: 'start' });
    // The rack's first place takes the focus: the arrow keys go on from there.
    pendingFocus.current = true;
    setFocus({ row: 0, col: layout.offsets[index]! });
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

  if (racks.length === 0) {
    return (
      <Root $fill={fill}>
        <EmptyState title={emptyTitle ?? t('common.emptyTitle')} />
      </Root>
    );
  }

  const withJump = showJump ?? many;
  const withOverview = showOverview ?? many;

  return (
    <Root $fill={fill}>
      {withJump || showLegend ? (
        <Toolbar>
          {withJump ? (
            <JumpForm onSubmit={jump} role="search" aria-label={t('rack.jump')}>
              <label htmlFor={jumpId}>{t('rack.jump')}</label>
              <input
                id={jumpId}
                type="text"
                list={`${jumpId}-racks`}
                autoComplete="off"
                enterKeyHint="go"
                value={jumpText}
                onChange={(event) => setJumpText(event.target.value)}
              />
              <datalist id={`${jumpId}-racks`}>
                {racks.map((rack) => (
                  <option key={rack.id} value={rack.name} />
                ))}
              </datalist>
              <button type="submit">{t('rack.jumpGo')}</button>
              {jumpMissing !== null ? (
                <span role="status">{t('rack.jumpNone', { name: jumpMissing })}</span>
              ) : null}
            </JumpForm>
          ) : null}
          {showLegend ? (
            <Legend aria-label={t('rack.legend')}>
              {CONTAINER_STATES.map((state) => (
                <li key={state}>
                  <Swatch $tone={state} aria-hidden="true" />
                  {words.state[state]}
                </li>
              ))}
              {markedIds && markedIds.size > 0 ? (
                <li>
                  <MarkSwatch $kind="marked" aria-hidden="true" />
                  {t('rack.marked')}
                </li>
              ) : null}
              {selectedId ? (
                <li>
                  <MarkSwatch $kind="selected" aria-hidden="true" />
                  {t('rack.selected')}
                </li>
              ) : null}
            </Legend>
          ) : null}
        </Toolbar>
      ) : null}
      {withOverview ? (
        <RackOverview
          racks={racks}
          layout={layout}
          totalWidth={width}
          spots={spots}
          selectedId={selectedId}
          markedIds={markedIds}
          scrollRef={scrollRef}
          rackStarts={rackStarts}
          label={t('rack.overview')}
          rackWord={words.rack}
        />
      ) : null}
      <Scroll ref={scrollRef} $fill={fill}>
        <GridBody
          ref={gridRef}
          role="grid"
          aria-label={label ?? t('rack.grid')}
          aria-rowcount={rows + 1}
          aria-colcount={layout.columns}
          onKeyDown={onKeyDown}
          onClick={onClick}
          onMouseOver={describe}
          onFocus={describe}
        >
          <HeaderRow role="row" aria-rowindex={1} style={{ width, height: HEADER_HEIGHT }}>
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
            {items.map((item) => (
              <PlaceNumbers
                key={`n-${racks[item.index]!.id}`}
                start={item.start}
                slots={layout.slots[item.index]!}
              />
            ))}
          </HeaderRow>
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
                  markedIds={markedIds}
                  tabbableCol={focus.row === row ? focus.col : -1}
                  words={words}
                />
              ))}
            </Row>
          ))}
        </GridBody>
      </Scroll>
      <StatusLine register={registerStatus} />
    </Root>
  );
}
