import type { ExportJob, ExportState } from '@falcon/api-client';
import { Badge, type BadgeTone, Button, PagedTable, type PagedTableColumn } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useServerPaging } from '../../../lib/paging';
import { exportsQuery } from '../api/queries';

const POLL_MS = 3000;
const TONE: Record<ExportState, BadgeTone> = {
  queued: 'neutral',
  running: 'primary',
  done: 'success',
  failed: 'danger',
};

/** Bytes as kB / MB in the current language. */
const fileSize = (bytes: number | null, tag: string): string => {
  if (bytes === null) return '';
  const unit = bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte';
  const value = bytes / (unit === 'megabyte' ? 1024 * 1024 : 1024);
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    maximumFractionDigits: 2,
    minimumFractionDigits: 2,
  }).format(value);
};

/** The user's Excel exports, newest first; refreshes while one is still being written. */
export function ExportsPage() {
  const { t } = useTranslation(['admin', 'messages']);
  const format = useFormat();
  const notify = useNotify();
  const { page, size, table: paging } = useServerPaging(20);
  usePageTitle(t('exports.title'));
  // Polls while an export is still being written.
  const jobs = useQuery({
    ...exportsQuery(page, size),
    refetchInterval: (query) =>
      (query.state.data?.items ?? []).some((job) => job.state === 'queued' || job.state === 'running')
        ? POLL_MS
        : false,
  });

  const stateLabel = (value: ExportState) => {
    switch (value) {
      case 'queued':
        return t('exports.queued');
      case 'running':
        return t('exports.running');
      case 'done':
        return t('exports.done');
      case 'failed':
        return t('exports.failed');
    }
  };
  const download = async (job: ExportJob) => {
    try {
      saveBlob(await api.exports.download({ params: { id: job.id } }), job.filename);
    } catch (error) {
      notify.error(error);
    }
  };
  const columns: PagedTableColumn<ExportJob>[] = [
    {
      key: 'createdAt',
      header: t('exports.createdAt'),
      kind: 'date',
      cell: (row) => format.dateTime(row.createdAt),
    },
    { key: 'scopeName', header: t('exports.scope'), cell: (row) => `${row.scopeName} (${row.scopeCode})` },
    {
      key: 'state',
      header: t('exports.state'),
      cell: (row) => <Badge tone={TONE[row.state]}>{stateLabel(row.state)}</Badge>,
    },
    {
      key: 'rowCount',
      header: t('exports.rows'),
      kind: 'number',
      cell: (row) => format.integer(row.rowCount),
    },
    { key: 'size', header: t('exports.size'), kind: 'number', cell: (row) => fileSize(row.size, format.tag) },
    {
      key: 'download',
      header: t('exports.file'),
      cell: (row) =>
        row.state === 'done' ? (
          <Button size="sm" variant="secondary" onClick={() => void download(row)}>
            {t('exports.download', { name: row.filename })}
          </Button>
        ) : (
          (row.error ?? '')
        ),
    },
  ];
  return (
    <>
      <PageHeader title={t('exports.title')} subtitle={t('exports.subtitle')} />
      <PagedTable
        caption={t('exports.title')}
        columns={columns}
        rows={jobs.data?.items ?? []}
        getRowId={(row) => row.id}
        total={jobs.data?.total ?? 0}
        {...paging}
        loading={jobs.isPending}
        error={jobs.error ? t(errorKey(jobs.error), { ns: 'messages' }) : null}
        onRetry={() => void jobs.refetch()}
        emptyTitle={t('exports.empty')}
      />
    </>
  );
}
