import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client/lite';
import { Button, EmptyState, ErrorState, RackShelfGrid, Skeleton, Splitter } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { usePrerendering } from '../../../lib/prerendering';
import { queryKeys } from '../../../lib/query-keys';
import { chooseContainer, state } from '../../../lib/store';
import { racksQuery } from '../api/queries';
import { ContainerPanel } from './ContainerPanel';
import { ContainerSearch } from './ContainerSearch';
import { LocationNav } from './LocationNav';
import { RackActionsOnDemand } from './RackActionsOnDemand';
import { rackOfGrid, racksHaveCodes, toGridRacks } from './rackCells';
import { rackPermissions } from './rackPermissions';
import { useLocation } from './useLocation';
import { GRID_SHARE, PANEL_WIDTH, useLocationLayout } from './useLocationLayout';

/** Below this width the areas stack and the page scrolls (tablets, phones). */
const NARROW = '(max-width: 1099px)';

/** Whether the areas sit side by side (the window is wider than NARROW). */
function useWide(): boolean {
  const query = '(min-width: 1100px)';
  const [wide, setWide] = useState(
    () => typeof window === 'undefined' || !window.matchMedia || window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (!window.matchMedia) return;
    const media = window.matchMedia(query);
    const change = () => setWide(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return wide;
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
  /* A short window (1280x720) keeps the work area usable: it takes at least 600 px, the page scrolls. */
  overflow-y: auto;
  & > :first-child { margin-bottom: ${({ theme }) => theme.space[3]}; }
`;
/**
 * The work area fills the window below the heading: the grid over the results on the left, the chosen
 * container as a full-height panel on the right; the bars between them resize (remembered per user).
 */
const Work = styled.div`
  flex: 1 0 600px;
  min-height: 600px;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto var(--panel-width);
  @media ${NARROW} {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[4]};
    flex: 0 0 auto;
    min-height: 0;
  }
`;
const Left = styled.div`
  min-width: 0;
  min-height: 0;
  display: grid;
  grid-template-rows: var(--grid-rows);
  @media ${NARROW} {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[4]};
  }
`;
const GridArea = styled.section`
  min-height: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  /* A phone's grid gets a fixed height: nothing below it moves when the racks arrive. */
  @media ${NARROW} {
    height: 470px;
    flex: 0 0 auto;
  }
`;
const ResultsArea = styled.section`
  min-height: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  @media ${NARROW} {
    min-height: 480px;
  }
`;
const PanelArea = styled.section`
  min-height: 0;
  min-width: 0;
  overflow: auto;
  padding-right: ${({ theme }) => theme.space[1]};
  @media ${NARROW} {
    overflow: visible;
    min-height: 240px;
  }
`;
/** The resize bars: only where the areas sit side by side. */
const Bar = styled.div`
  display: flex;
  min-width: 0;
  @media ${NARROW} {
    display: none;
  }
  & > [role='separator'] { flex: 1; }
`;
const ViewButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  @media ${NARROW} {
    display: none;
  }
`;

interface LocationPageProps {
  code: string;
  /** /locationupdate: the rack layout can be reordered (with its permission). */
  editLayout?: boolean;
  /** The user's own requests for the chosen container, in its panel (composed by the route). */
  ownRequests?: (containerId: string) => ReactNode;
  /** The chosen container's history and sizing, in its panel (composed by the route). */
  history?: ComponentProps<typeof ContainerPanel>['history'];
}

/** A location: its rack/shelf grid, container search and the chosen container's detail panel. */
export function LocationPage({ code, editLayout = false, ownRequests, history }: LocationPageProps) {
  const { t } = useTranslation(['location', 'messages']);
  const format = useFormat();
  const notify = useNotify();
  const { session } = useSnapshot(state);
  const [params, setParams] = useSearchParams();
  const containerId = params.get('container');
  const { location } = useLocation(code);
  const racks = useQuery(racksQuery(code));
  // The grid of thousands of places renders when the browser has time (a deferred render React can
  // interrupt), not in the same task that received the racks: the page stays responsive meanwhile.
  const rackData = useDeferredValue(racks.data);
  const queryClient = useQueryClient();
  const saveRackOrder = useMutation({
    mutationFn: (rackCodes: string[]) =>
      api.location.saveRackOrder({ params: { code }, body: { rackCodes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.location.racks(code) }),
    onError: (error) => notify.error(error),
  });
  const gridRacks = useMemo(
    () =>
      toGridRacks(rackData ?? [], (rack) =>
        rack.lastHandled
          ? t('rack.note', { when: format.date(rack.lastHandled.at), by: rack.lastHandled.by })
          : undefined,
      ),
    [rackData, t, format],
  );
  // The rack chosen in the grid (by its grid id): its actions open; the data stays the query's, fresh.
  const [rackId, setRackId] = useState<string | null>(null);
  const chosenRack = rackId ? (rackOfGrid(racks.data ?? [], rackId) ?? null) : null;
  const mayRack = Object.values(rackPermissions(session?.permissions ?? [])).some(Boolean);
  const [view, setView] = useLocationLayout(session?.username);
  const workRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const wide = useWide();
  const prerendering = usePrerendering();
  const gridAreaId = useId();
  const panelAreaId = useId();
  const hits = useRef<ReadonlySet<string>>(new Set());
  const [markedIds, setMarkedIds] = useState<ReadonlySet<string>>(hits.current);
  // The results' containers are marked in the grid (the current page of the search).
  const onResults = (ids: readonly string[]) => {
    const next = new Set(ids);
    const same = next.size === hits.current.size && ids.every((id) => hits.current.has(id));
    if (same) return;
    hits.current = next;
    setMarkedIds(next);
  };

  usePageTitle(location.data?.name ?? code);

  // The URL names the container (shareable); the store mirrors it after the location's rules ran.
  useEffect(() => {
    if (location.data) chooseContainer(containerId);
  }, [containerId, location.data]);

  // Choosing a container shows its panel again if the user had hidden it.
  const select = (id: string) => {
    if (view.panelHidden) setView({ panelHidden: false });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('container', id);
        return next;
      },
      { replace: true },
    );
  };

  if (location.error) {
    return (
      <ErrorState
        message={t(errorKey(location.error), { ns: 'messages' })}
        onRetry={() => void location.refetch()}
      />
    );
  }
  const data = location.data;
  const mayEdit =
    editLayout &&
    hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.editRackLayout]) &&
    racksHaveCodes(rackData ?? []);

  const reorder = (rackCodes: string[]) => saveRackOrder.mutate(rackCodes);

  const gridHidden = view.gridHidden;
  const panelHidden = view.panelHidden;
  const style = {
    '--panel-width': panelHidden ? '0px' : `${view.panelWidth}px`,
    '--grid-rows': gridHidden
      ? '0 0 minmax(0, 1fr)'
      : `minmax(0, ${view.gridShare}fr) auto minmax(0, ${100 - view.gridShare}fr)`,
  } as CSSProperties;

  return (
    <Frame>
      <PageHeader
        title={data ? data.name : <Skeleton width="240px" />}
        subtitle={
          data ? (
            <>
              <Link to={paths.concern.to(data.parentBranch.parentConcern.code)}>
                {data.parentBranch.parentConcern.name}
              </Link>
              {' › '}
              <Link to={paths.branch.to(data.parentBranch.code)}>{data.parentBranch.name}</Link>
              {' · '}
              {t('detail.summary', {
                containers: format.integer(data.containerCount),
                alarming: format.integer(data.alarmingCount),
                shelves: format.integer(data.maxShelves),
              })}
            </>
          ) : null
        }
        actions={
          <>
            <LocationNav code={code} />
            <ViewButtons>
              <Button
                size="sm"
                variant="ghost"
                aria-controls={gridAreaId}
                aria-expanded={!gridHidden}
                onClick={() => setView({ gridHidden: !gridHidden })}
              >
                {gridHidden ? t('layout.showGrid') : t('layout.hideGrid')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-controls={panelAreaId}
                aria-expanded={!panelHidden}
                onClick={() => setView({ panelHidden: !panelHidden })}
              >
                {panelHidden ? t('layout.showPanel') : t('layout.hidePanel')}
              </Button>
            </ViewButtons>
          </>
        }
      />
      <Work ref={workRef} style={style}>
        <Left ref={leftRef}>
          {gridHidden ? (
            <span id={gridAreaId} hidden />
          ) : (
            <GridArea id={gridAreaId} aria-label={t('detail.gridRegion')}>
              {racks.error ? (
                <ErrorState
                  message={t(errorKey(racks.error), { ns: 'messages' })}
                  onRetry={() => void racks.refetch()}
                />
              ) : rackData ? (
                <RackShelfGrid
                  racks={gridRacks}
                  maxShelves={data?.maxShelves}
                  selectedId={containerId}
                  markedIds={markedIds}
                  onSelectContainer={(container) => select(container.id)}
                  label={t('detail.grid')}
                  showLegend
                  fill
                  editable={mayEdit}
                  onReorderRacks={mayEdit ? reorder : undefined}
                  onSelectRack={mayRack ? (rack) => setRackId(rack.id) : undefined}
                  emptyTitle={t('detail.noRacks')}
                />
              ) : (
                <Skeleton height="100%" />
              )}
            </GridArea>
          )}
          {gridHidden ? (
            <span />
          ) : (
            <Bar>
              <Splitter
                orientation="horizontal"
                label={t('layout.resizeGrid')}
                value={view.gridShare}
                min={GRID_SHARE.min}
                max={GRID_SHARE.max}
                step={4}
                perPixel={100 / Math.max(leftRef.current?.clientHeight ?? 600, 1)}
                controls={gridAreaId}
                onChange={(gridShare) => setView({ gridShare })}
              />
            </Bar>
          )}
          <ResultsArea aria-label={t('search.region')}>
            {/* Prerendered: the search's fields, columns and actions are the user's (permissions, stored search). */}
            {prerendering ? (
              <Skeleton lines={6} />
            ) : (
              <ContainerSearch
                code={code}
                selectedId={containerId}
                onSelect={(container) => select(container.id)}
                onResults={onResults}
                fill={wide}
              />
            )}
          </ResultsArea>
        </Left>
        {panelHidden ? null : (
          <Bar>
            <Splitter
              orientation="vertical"
              label={t('layout.resizePanel')}
              value={view.panelWidth}
              min={PANEL_WIDTH.min}
              max={Math.max(
                PANEL_WIDTH.min,
                Math.min(PANEL_WIDTH.max, (workRef.current?.clientWidth ?? 1200) * 0.5),
              )}
              direction={-1}
              controls={panelAreaId}
              onChange={(panelWidth) => setView({ panelWidth })}
            />
          </Bar>
        )}
        {panelHidden ? (
          <span id={panelAreaId} hidden />
        ) : (
          // Focusable: keyboard users can scroll the panel (axe: scrollable-region-focusable).
          <PanelArea id={panelAreaId} aria-label={t('panel.region')} tabIndex={0}>
            <ContainerPanel containerId={containerId} ownRequests={ownRequests} history={history} />
          </PanelArea>
        )}
      </Work>
      <RackActionsOnDemand code={code} rack={chosenRack} onClose={() => setRackId(null)} />
    </Frame>
  );
}

/** /location without a code: the selected location, else a hint to choose one. */
export function NoLocation() {
  const { t } = useTranslation('location');
  usePageTitle(t('detail.chooseTitle'));
  return <EmptyState title={t('detail.chooseTitle')} description={t('detail.chooseHint')} />;
}
