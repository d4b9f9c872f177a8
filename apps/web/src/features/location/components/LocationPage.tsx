import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client/lite';
import { EmptyState, ErrorState, RackShelfGrid, Skeleton } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useEffect, useMemo, useState } from 'react';
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
import { queryKeys } from '../../../lib/query-keys';
import { chooseContainer, state } from '../../../lib/store';
import { racksQuery } from '../api/queries';
import { ContainerPanel } from './ContainerPanel';
import { ContainerSearch } from './ContainerSearch';
import { LocationNav } from './LocationNav';
import { RackActions, rackPermissions } from './RackActions';
import { rackOfGrid, racksHaveCodes, toGridRacks } from './rackCells';
import { useLocation } from './useLocation';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  flex: 1;
  min-height: 0;
`;
const GridArea = styled.div`
  flex: 0 0 auto;
  max-height: 38vh;
  overflow: auto;
`;
const Bottom = styled.div`
  flex: 1;
  min-height: 0;
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(300px, 2fr);
  gap: ${({ theme }) => theme.space[4]};
  @media (max-width: 960px) {
    grid-template-columns: 1fr;
    overflow: auto;
  }
`;
const Scroll = styled.div`
  min-height: 0;
  overflow: auto;
  padding-right: ${({ theme }) => theme.space[1]};
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
  const queryClient = useQueryClient();
  const saveRackOrder = useMutation({
    mutationFn: (rackCodes: string[]) =>
      api.location.saveRackOrder({ params: { code }, body: { rackCodes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.location.racks(code) }),
    onError: (error) => notify.error(error),
  });
  const gridRacks = useMemo(
    () =>
      toGridRacks(racks.data ?? [], (rack) =>
        rack.lastHandled
          ? t('rack.note', { when: format.date(rack.lastHandled.at), by: rack.lastHandled.by })
          : undefined,
      ),
    [racks.data, t, format],
  );
  // The rack chosen in the grid (by its grid id): its actions open; the data stays the query's, fresh.
  const [rackId, setRackId] = useState<string | null>(null);
  const chosenRack = rackId ? (rackOfGrid(racks.data ?? [], rackId) ?? null) : null;
  const mayRack = Object.values(rackPermissions(session?.permissions ?? [])).some(Boolean);
  usePageTitle(location.data?.name ?? code);

  // The URL names the container (shareable); the store mirrors it after the location's rules ran.
  useEffect(() => {
    if (location.data) chooseContainer(containerId);
  }, [containerId, location.data]);

  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('container', id);
        return next;
      },
      { replace: true },
    );

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
    racksHaveCodes(racks.data ?? []);

  const reorder = (rackCodes: string[]) => saveRackOrder.mutate(rackCodes);

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
        actions={<LocationNav code={code} />}
      />
      {/* Scrolling areas are focusable so keyboard users can scroll them (axe: scrollable-region-focusable). */}
      <GridArea role="region" aria-label={t('detail.gridRegion')} tabIndex={0}>
        {racks.error ? (
          <ErrorState
            message={t(errorKey(racks.error), { ns: 'messages' })}
            onRetry={() => void racks.refetch()}
          />
        ) : racks.data ? (
          <RackShelfGrid
            racks={gridRacks}
            maxShelves={data?.maxShelves}
            selectedId={containerId}
            onSelectContainer={(container) => select(container.id)}
            label={t('detail.grid')}
            showLegend
            editable={mayEdit}
            onReorderRacks={mayEdit ? reorder : undefined}
            onSelectRack={mayRack ? (rack) => setRackId(rack.id) : undefined}
            emptyTitle={t('detail.noRacks')}
          />
        ) : (
          <Skeleton height="200px" />
        )}
      </GridArea>
      <RackActions code={code} rack={chosenRack} onClose={() => setRackId(null)} />
      <Bottom>
        <Scroll role="region" aria-label={t('search.region')} tabIndex={0}>
          <ContainerSearch
            code={code}
            selectedId={containerId}
            onSelect={(container) => select(container.id)}
          />
        </Scroll>
        <Scroll role="region" aria-label={t('panel.region')} tabIndex={0}>
          <ContainerPanel containerId={containerId} ownRequests={ownRequests} history={history} />
        </Scroll>
      </Bottom>
    </Frame>
  );
}

/** /location without a code: the selected location, else a hint to choose one. */
export function NoLocation() {
  const { t } = useTranslation('location');
  usePageTitle(t('detail.chooseTitle'));
  return <EmptyState title={t('detail.chooseTitle')} description={t('detail.chooseHint')} />;
}
