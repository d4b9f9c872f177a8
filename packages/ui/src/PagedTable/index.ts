export {
  PAGE_SIZE_OPTIONS,
  PagedTable,
  type PagedTableColumn,
  type PagedTableProps,
  type SortDirection,
  type SortState,
} from './PagedTable';
