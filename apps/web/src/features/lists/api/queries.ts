import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

// A location's barcode and inventory lists: a page of each, and one list's rows.

export const inventoryListsQuery = (locationCode: string, page: number, size: number) =>
  queryOptions({
    queryKey: queryKeys.inventoryLists.page(locationCode, page, size),
    queryFn: () => api.inventoryLists.list({ params: { code: locationCode }, body: { page, size } }),
  });

export const inventoryListQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.inventoryLists.detail(id),
    queryFn: () => api.inventoryLists.get({ params: { id } }),
  });

export const barcodeListsQuery = (locationCode: string, page: number, size: number) =>
  queryOptions({
    queryKey: queryKeys.barcodeLists.page(locationCode, page, size),
    queryFn: () => api.barcodeLists.list({ params: { code: locationCode }, body: { page, size } }),
  });

export const barcodeListQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.barcodeLists.detail(id),
    queryFn: () => api.barcodeLists.get({ params: { id } }),
  });
