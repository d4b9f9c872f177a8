import { Button, EmptyState, ErrorState, Skeleton } from '@falcon/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    text-align: start;
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  th {
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Footer = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
`;

export interface RowsColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
}

const PAGE = 20;

/**
 * The rows of one uploaded list with plain previous/next paging. Not the library's PagedTable: a second
 * PagedTable on the page would repeat its "Page 1 of 1" navigation landmark (axe landmark-unique).
 */
export function RowsTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  empty,
}: {
  caption: string;
  columns: readonly RowsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  empty: string;
}) {
  const { t } = useTranslation('lists');
  const [page, setPage] = useState(0);
  if (error) return <ErrorState message={error} onRetry={onRetry} />;
  if (loading) return <Skeleton lines={4} />;
  if (!rows.length) return <EmptyState title={empty} />;
  const pages = Math.ceil(rows.length / PAGE);
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * PAGE, (current + 1) * PAGE);
  return (
    <div>
      <Table>
        <caption style={{ textAlign: 'start', fontWeight: 600, marginBottom: 8 }}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {pages > 1 ? (
        <Footer>
          <Button size="sm" variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('rows.previous')}
          </Button>
          <span aria-live="polite">
            {t('rows.range', {
              from: current * PAGE + 1,
              to: current * PAGE + shown.length,
              total: rows.length,
            })}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {t('rows.next')}
          </Button>
        </Footer>
      ) : null}
    </div>
  );
}
