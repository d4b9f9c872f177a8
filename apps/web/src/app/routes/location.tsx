import { type Container, FIELD_PERMISSIONS, hasAny, PERMISSIONS } from '@falcon/api-client/lite';
import { Skeleton } from '@falcon/ui';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../config/paths';
import { LocationPage, NoLocation } from '../../features/location/components/LocationPage';
import { loadNamespaces } from '../../lib/i18n';
import { state } from '../../lib/store';

/** The container requests a user may send from the panel: who holds one has requests to follow. */
const REQUESTS = [
  PERMISSIONS.containerRefill,
  PERMISSIONS.containerChangeQuantity,
  PERMISSIONS.containerAdditionalDelivery,
  PERMISSIONS.containerDeactivate,
];

// The user's own requests (and their translations) load with the container's detail, not with the route
// (its size budget).
const MyRequests = lazy(() =>
  Promise.all([import('../../features/reviews/components/MyRequests'), loadNamespaces(['reviews'])]).then(
    ([module]) => ({ default: module.MyRequests }),
  ),
);
const ownRequests = (containerId: string) => (
  <Suspense fallback={null}>
    <MyRequests containerId={containerId} headingLevel={3} />
  </Suspense>
);

/** The fields a history chart or a sizing shows: without any of them the panel has no history section. */
const HISTORY_FIELDS = [
  FIELD_PERMISSIONS.consumption,
  FIELD_PERMISSIONS.fillingQuantity,
  FIELD_PERMISSIONS.reachInWeeks,
];

// The container's history and sizing (charts with uPlot) load with the first chosen container, not with
// the location route (its size budget, ADR 0060).
const ContainerReplenishment = lazy(() =>
  Promise.all([
    import('../../features/replenishment/components/ContainerReplenishment'),
    loadNamespaces(['replenishment']),
  ]).then(([module]) => ({ default: module.ContainerReplenishment })),
);
const history = (container: Container) => (
  <Suspense fallback={<Skeleton height="180px" />}>
    <ContainerReplenishment container={container} />
  </Suspense>
);

/** /location/:code? and /locationupdate/:code? (the same page; the latter edits the rack layout). */
export function Component() {
  const { code } = useParams();
  const { pathname } = useLocation();
  // The snapshot tracks what is read: the selection only without a code, so choosing a container
  // (a selection change) does not render the whole screen again.
  const snap = useSnapshot(state);
  const mayRequest = hasAny(snap.session?.permissions ?? [], REQUESTS);
  const mayHistory = hasAny(snap.session?.permissions ?? [], HISTORY_FIELDS);
  const update = pathname.startsWith('/locationupdate');
  if (!code) {
    const selected = snap.selection.locationCode;
    if (selected) {
      const to = update ? paths.locationUpdate.to(selected) : paths.location.to(selected);
      return <Navigate to={to} replace />;
    }
    return <NoLocation />;
  }
  return (
    <LocationPage
      key={code}
      code={code}
      editLayout={update}
      ownRequests={mayRequest ? ownRequests : undefined}
      history={mayHistory ? history : undefined}
    />
  );
}
