import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLocationLoaded } from '../../../lib/store';
import { locationAdminsQuery, locationQuery } from '../api/queries';

/**
 * Loads a location and applies spec section 4: loading a location sets branch and concern from its
 * parents, clears the container, and loads its admins.
 */
export function useLocation(code: string) {
  const location = useQuery(locationQuery(code));
  const admins = useQuery(locationAdminsQuery(code, Boolean(location.data)));
  const loaded = location.data;
  useEffect(() => {
    if (loaded) onLocationLoaded(loaded);
  }, [loaded]);
  return { location, admins };
}
