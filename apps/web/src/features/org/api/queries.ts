import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

// The branch map's reads (the concern and branch themselves are lib/queries.ts: the selector bar reads them too).

/** The branch's map image (none until one is uploaded: then nothing is asked). */
export const branchMapQuery = (code: string, hasMap: boolean) =>
  queryOptions({
    queryKey: queryKeys.branch.map(code),
    queryFn: hasMap ? () => api.branch.map({ params: { code } }) : skipToken,
  });

export const locationPositionsQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.branch.positions(code),
    queryFn: () => api.branch.locationPositions({ params: { code } }),
  });
