import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../config/paths';
import { LocationPage, NoLocation } from '../../features/location/components/LocationPage';
import { state } from '../../lib/store';

/** /location/:code? and /locationupdate/:code? (the same page; the latter edits the rack layout). */
export function Component() {
  const { code } = useParams();
  const { pathname } = useLocation();
  const { selection } = useSnapshot(state);
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
  return <LocationPage key={code} code={code} editLayout={update} />;
}
