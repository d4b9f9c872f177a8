import { hasAny, PERMISSIONS } from '@falcon/api-client/lite';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../config/paths';
import { LocationPage, NoLocation } from '../../features/location/components/LocationPage';
import { MyRequests } from '../../features/reviews/components/MyRequests';
import { state } from '../../lib/store';

/** The container requests a user may send from the panel: who holds one has requests to follow. */
const REQUESTS = [
  PERMISSIONS.containerRefill,
  PERMISSIONS.containerChangeQuantity,
  PERMISSIONS.containerAdditionalDelivery,
  PERMISSIONS.containerDeactivate,
];

const ownRequests = (containerId: string) => <MyRequests containerId={containerId} headingLevel={3} />;

/** /location/:code? and /locationupdate/:code? (the same page; the latter edits the rack layout). */
export function Component() {
  const { code } = useParams();
  const { pathname } = useLocation();
  // The snapshot tracks what is read: the selection only without a code, so choosing a container
  // (a selection change) does not render the whole screen again.
  const snap = useSnapshot(state);
  const mayRequest = hasAny(snap.session?.permissions ?? [], REQUESTS);
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
    />
  );
}
