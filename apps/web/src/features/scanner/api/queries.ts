import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's concern > branch > location tree (one small call): the found container's location name. */
export const cblTreeQuery = () =>
  queryOptions({ queryKey: queryKeys.cblTree(), queryFn: () => api.cbl.tree() });

/** The container a scanned or typed barcode names (null: none sent yet). */
export const containerByBarcodeQuery = (barcode: string | null) =>
  queryOptions({
    queryKey: queryKeys.barcode(barcode ?? ''),
    queryFn: barcode ? () => api.container.byBarcode({ params: { barcode } }) : skipToken,
  });
