import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { useUiText } from '../UiText/UiTextProvider';

export interface MapMarker {
  id: string;
  /** The location's name or code. */
  label: string;
  /** Position on the image, 0..1 from the left and from the top. */
  x: number;
  y: number;
}

export interface BranchMapEditorProps {
  imageSrc: string;
  imageAlt: string;
  markers: readonly MapMarker[];
  readOnly?: boolean;
  /** A location waiting to be placed: the next click on the map places it. */
  placing?: { label: string } | null;
  onPlace?: (x: number, y: number) => void;
  onMove?: (id: string, x: number, y: number) => void;
  onDelete?: (id: string) => void;
  onDeleteAll?: () => void;
  onSelect?: (marker: MapMarker) => void;
}

/** Zoom steps (1: the map's width); panning is scrolling the zoomed map. Before the first: the whole plan on screen. */
export const ZOOM_LEVELS = [1, 1.5, 2, 3] as const;
/** The zoom step that fits the whole plan into the view (width and height); the map opens with it. */
const FIT = -1;
/** The view's height, which the fitted plan fills at most. */
const VIEW_HEIGHT_VH = 70;
/** Room kept below the fitted plan for the actions under it (px). */
const BELOW_PX = 64;
/** Arrow keys move a marker by 1 % of the map, 5 % with Shift. */
export const KEY_STEP = 0.01;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[2]};
  & > p { margin: 0 0 0 auto; color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.typography.size.sm}; }
`;

const Viewport = styled.div`
  overflow: auto;
  max-height: 70vh;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceSunken};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

const Canvas = styled.div<{ $placing: boolean }>`
  position: relative;
  transform-origin: 0 0;
  cursor: ${({ $placing }) => ($placing ? 'crosshair' : 'default')};
  & > img { display: block; width: 100%; user-select: none; -webkit-user-drag: none; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
  & > .grow { flex: 1 1 auto; color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.typography.size.sm}; }
`;

const Pin = styled.button`
  position: absolute;
  transform: translate(-50%, -100%);
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border: 2px solid ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  white-space: nowrap;
  box-shadow: ${({ theme }) => theme.elevation[2]};
  cursor: grab;
  touch-action: none;
  &[aria-disabled='true'] { cursor: pointer; }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    outline: 3px solid ${({ theme }) => theme.color.primary};
    outline-offset: 1px;
    z-index: 1;
  }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

// Four decimals: exact enough for a map, and free of float noise like 0.21000000000000002.
const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10000) / 10000;

/**
 * A branch map with location markers: opens with the whole plan on screen; place (click while a
 * location waits); a click selects a marker (marked, named below the map, where it can be deleted);
 * drag with the mouse or move with the arrow keys; Delete asks to remove the focused marker (the
 * caller confirms); delete all sits below the map, away from the zoom, and asks first; zoom with the
 * buttons and pan by scrolling. Read-only shows markers only.
 */
export function BranchMapEditor({
  imageSrc,
  imageAlt,
  markers,
  readOnly = false,
  placing = null,
  onPlace,
  onMove,
  onDelete,
  onDeleteAll,
  onSelect,
}: BranchMapEditorProps) {
  const { t } = useUiText();
  const [zoom, setZoom] = useState(FIT);
  const [confirmAll, setConfirmAll] = useState(false);
  const [drag, setDrag] = useState<{ id: string; x: number; y: number; moved: boolean } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Width / height of the plan, once loaded: fitting it needs its shape.
  const [aspect, setAspect] = useState<number | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  // Fitted, the plan fills what the window leaves below the view's top (at most 70 % of the window).
  const [fitHeight, setFitHeight] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const top = viewportRef.current?.getBoundingClientRect().top ?? 0;
      const room = window.innerHeight - Math.max(0, top) - BELOW_PX;
      setFitHeight(Math.max(160, Math.min(room, (window.innerHeight * VIEW_HEIGHT_VH) / 100)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const scale = zoom === FIT ? null : ZOOM_LEVELS[zoom]!;
  const selected = markers.find((m) => m.id === selectedId) ?? null;
  const select = (marker: MapMarker) => {
    setSelectedId(marker.id);
    onSelect?.(marker);
  };

  const pointOf = (event: { clientX: number; clientY: number }) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };

  const onMarkerKey = (event: KeyboardEvent, marker: MapMarker) => {
    if (readOnly) return;
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onMove?.(marker.id, clamp(marker.x + move[0]), clamp(marker.y + move[1]));
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && onDelete) {
      event.preventDefault();
      onDelete?.(marker.id);
    }
  };

  const startDrag = (event: PointerEvent<HTMLButtonElement>, marker: MapMarker) => {
    if (readOnly) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ id: marker.id, x: marker.x, y: marker.y, moved: false });
  };

  return (
    <div>
      <Toolbar>
        <Button
          size="sm"
          aria-label={t('branchMap.zoomOut')}
          disabled={zoom === FIT}
          onClick={() => setZoom(zoom - 1)}
        >
          −
        </Button>
        <span aria-live="polite">{scale === null ? t('branchMap.fit') : `${Math.round(scale * 100)} %`}</span>
        <Button
          size="sm"
          aria-label={t('branchMap.zoomIn')}
          disabled={zoom === ZOOM_LEVELS.length - 1}
          onClick={() => setZoom(zoom + 1)}
        >
          +
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={zoom === FIT} onClick={() => setZoom(FIT)}>
          {t('branchMap.fit')}
        </Button>
        {!readOnly ? (
          <p>{placing ? `${placing.label}: ${t('branchMap.placeHint')}` : t('branchMap.placeHint')}</p>
        ) : null}
      </Toolbar>
      {/* Focusable so keyboard users can pan the zoomed map with the arrow keys. */}
      <Viewport ref={viewportRef} tabIndex={0} role="region" aria-label={imageAlt}>
        {/* Pointer placement and dragging; keyboard users move markers with the arrow keys. */}
        <Canvas
          ref={canvasRef}
          $placing={Boolean(placing) && !readOnly}
          style={{
            width:
              scale === null
                ? aspect && fitHeight
                  ? `min(100%, ${Math.floor(fitHeight * aspect)}px)`
                  : '100%'
                : `${scale * 100}%`,
            margin: scale === null ? '0 auto' : undefined,
          }}
          onClick={(event) => {
            if (readOnly || !placing || event.target !== event.currentTarget.querySelector('img')) return;
            const { x, y } = pointOf(event);
            onPlace?.(x, y);
          }}
          onPointerMove={(event) => {
            if (drag) setDrag({ id: drag.id, ...pointOf(event), moved: true });
          }}
          onPointerUp={() => {
            // A press without a move is a click (it selects); only a drag moves the marker.
            if (drag?.moved) onMove?.(drag.id, drag.x, drag.y);
            setDrag(null);
          }}
        >
          <img
            src={imageSrc}
            alt={imageAlt}
            draggable={false}
            onLoad={(event) => {
              const { naturalWidth, naturalHeight } = event.currentTarget;
              if (naturalWidth && naturalHeight) setAspect(naturalWidth / naturalHeight);
            }}
          />
          {markers.map((marker) => {
            const at = drag?.id === marker.id ? drag : marker;
            return (
              <Pin
                key={marker.id}
                type="button"
                aria-label={t('branchMap.marker', { name: marker.label })}
                aria-keyshortcuts={readOnly ? undefined : 'ArrowLeft ArrowRight ArrowUp ArrowDown Delete'}
                aria-disabled={readOnly || undefined}
                aria-pressed={marker.id === selectedId}
                style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }}
                onPointerDown={(event) => startDrag(event, marker)}
                onKeyDown={(event) => onMarkerKey(event, marker)}
                onClick={() => select(marker)}
              >
                {marker.label}
              </Pin>
            );
          })}
        </Canvas>
      </Viewport>
      <Actions>
        <span className="grow" aria-live="polite">
          {selected
            ? t('branchMap.selected', { name: selected.label })
            : readOnly
              ? ''
              : t('branchMap.moveHint')}
        </span>
        {!readOnly && selected && onDelete ? (
          <Button size="sm" variant="secondary" onClick={() => onDelete(selected.id)}>
            {t('branchMap.deleteMarker')}
          </Button>
        ) : null}
        {!readOnly && onDeleteAll ? (
          <Button
            size="sm"
            variant="danger"
            disabled={markers.length === 0}
            onClick={() => setConfirmAll(true)}
          >
            {t('branchMap.deleteAll')}
          </Button>
        ) : null}
      </Actions>
      <ConfirmDialog
        open={confirmAll}
        danger
        title={t('branchMap.deleteAllConfirm')}
        confirmLabel={t('branchMap.deleteAll')}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => {
          setConfirmAll(false);
          onDeleteAll?.();
        }}
      />
    </div>
  );
}
