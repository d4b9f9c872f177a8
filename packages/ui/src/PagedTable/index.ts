export { CellText, type CellTextProps } from './CellText';
export {
  columnLabel,
  PAGE_SIZE_OPTIONS,
  PagedTable,
  type PagedTableColumn,
  type PagedTableColumnKind,
  type PagedTableProps,
  type SortDirection,
  type SortState,
} from './PagedTable';
