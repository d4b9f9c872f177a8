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
  const { selection, session } = useSnapshot(state);
  const mayRequest = hasAny(session?.permissions ?? [], REQUESTS);
  const update = pathname.startsWith('/locationupdate');
  if (!code) {
    if (selection.locationCode) {
      const to = update
        ? paths.locationUpdate.to(selection.locationCode)
        : paths.location.to(selection.locationCode);
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
