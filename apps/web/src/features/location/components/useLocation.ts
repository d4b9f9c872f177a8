import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';
import { onLocationLoaded } from '../../../lib/store';
import { locationQuery } from '../api/queries';

/**
 * Loads a location and applies spec section 4: loading a location sets branch and concern from its
 * parents, clears the container, and loads its admins.
 */
export function useLocation(code: string) {
  const location = useQuery(...locationQuery(code));
  const admins = useQuery(location.data ? `location:${code}:admins` : null, () =>
    api.location.admins({ params: { code } }),
  );
  const loaded = location.data;
  useEffect(() => {
    if (loaded) onLocationLoaded(loaded);
  }, [loaded]);
  return { location, admins };
}
