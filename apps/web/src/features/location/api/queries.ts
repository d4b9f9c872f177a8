import type { SearchRequest } from '@falcon/api-client/lite';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, type SearchScope } from '../../../lib/query-keys';

// The location screens' reads (the location itself is also started by the route's loader).

export const locationQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.location.detail(code),
    queryFn: () => api.location.get({ params: { code } }),
  });

/**
 * Every rack with its containers (5,000 at the biggest location: 1.1 MB of JSON, ~70 kB compressed). Not
 * started by the route's loader: fetched that early it landed on the path to the first paint that
 * Lighthouse simulates (LCP 1.6 -> 2.6 s); it loads with the screen (docs/adr/0022-compression-and-caching.md).
 */
export const racksQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.location.racks(code),
    queryFn: () => api.location.racks({ params: { code } }),
  });

export const locationAdminsQuery = (code: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.location.admins(code),
    queryFn: enabled ? () => api.location.admins({ params: { code } }) : skipToken,
  });

export const locationProtocolQuery = (code: string, page: number, size: number) =>
  queryOptions({
    queryKey: queryKeys.location.protocol(code, page, size),
    queryFn: () => api.protocol.location({ params: { code }, body: { page, size } }),
  });

export const GALLERY_PAGE_SIZE = 20;

export const locationImagesQuery = (code: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.location.images(code, page),
    queryFn: () =>
      api.location.images({
        params: { code },
        body: { page, size: GALLERY_PAGE_SIZE, sortAsc: false, sortField: 'uploadedAt' },
      }),
  });

export const appointmentsQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.location.appointments(code),
    queryFn: () => api.location.appointments({ params: { code } }),
  });

export const searchQuery = (scope: SearchScope, code: string, request: SearchRequest) =>
  queryOptions({
    queryKey: queryKeys.search(scope, code, request),
    queryFn: () => api[scope].search({ params: { code }, body: request }),
  });

/** The container type-ahead: up to the server's few best matches for what is typed (none below two characters). */
export const suggestContainerQuery = (code: string, query: string) =>
  queryOptions({
    queryKey: queryKeys.location.suggest(code, query),
    queryFn:
      query.length >= SUGGEST_MIN_LENGTH
        ? () => api.location.suggestContainer({ params: { code }, body: { query } })
        : skipToken,
    staleTime: 30_000,
  });

export const SUGGEST_MIN_LENGTH = 2;

export const containerQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.container.detail(id),
    queryFn: () => api.container.get({ params: { id } }),
  });

export const containerRequestsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.container.requests(id),
    queryFn: () => api.container.requests({ params: { id } }),
  });

export const containerDocumentsQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.container.documents(id),
    queryFn: enabled ? () => api.container.documents({ params: { id } }) : skipToken,
  });

export const articleQuery = (code: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.article(code),
    queryFn: enabled ? () => api.article.get({ params: { code } }) : skipToken,
  });
