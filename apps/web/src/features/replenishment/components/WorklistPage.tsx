import type { WorklistFilter, WorklistItem } from '@falcon/api-client';
import { hasAll, ROUTE_PERMISSIONS } from '@falcon/api-client/lite';
import { Badge, Button, Card, ConfirmDialog, PagedTable, type PagedTableColumn, Select } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useServerPaging } from '../../../lib/paging';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { scopeTreeQuery, worklistQuery } from '../api/queries';

const ALL = '';

/**
 * The reorder worklist: every container in the user's scope below its alarm threshold or running dry
 * before its next delivery can arrive, most urgent first (the server's order: days of margin), filtered
 * by concern, branch and location, paged, exportable to Excel through the export jobs (the Exports page).
 */
export function WorklistPage() {
  const { t } = useTranslation(['replenishment', 'messages']);
  const format = useFormat();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { session } = useSnapshot(state);
  const id = useId();
  usePageTitle(t('worklist.title'));
  const [filter, setFilter] = useState<{ concernCode: string; branchCode: string; locationCode: string }>({
    concernCode: ALL,
    branchCode: ALL,
    locationCode: ALL,
  });
  const [confirmExport, setConfirmExport] = useState(false);
  const [exported, setExported] = useState(false);
  const paging = useServerPaging(20);
  const tree = useQuery(scopeTreeQuery());
  const body: WorklistFilter = {
    ...(filter.concernCode ? { concernCode: filter.concernCode } : {}),
    ...(filter.branchCode ? { branchCode: filter.branchCode } : {}),
    ...(filter.locationCode ? { locationCode: filter.locationCode } : {}),
  };
  const worklist = useQuery(worklistQuery({ ...body, page: paging.page, size: paging.size }));
  const mayExport = hasAll(session?.permissions ?? [], [ROUTE_PERMISSIONS.exportSearchResultToExcel]);
  const runExport = useMutation({
    mutationFn: () => api.replenishment.exportWorklist({ body }),
    onSuccess: () => {
      notify.success('excel_export_success');
      setConfirmExport(false);
      setExported(true);
      return queryClient.invalidateQueries({ queryKey: queryKeys.exports.all });
    },
    onError: (error) => notify.error(error),
  });

  // Each filter offers what the one above it leaves: the branches of the chosen concern, and so on.
  const options = useMemo(() => {
    const concerns = tree.data ?? [];
    const branches = concerns
      .filter((c) => !filter.concernCode || c.code === filter.concernCode)
      .flatMap((c) => c.branches);
    const locations = branches
      .filter((b) => !filter.branchCode || b.code === filter.branchCode)
      .flatMap((b) => b.locations);
    const all = { value: ALL, label: t('worklist.all') };
    return {
      concerns: [all, ...concerns.map((c) => ({ value: c.code, label: c.name }))],
      branches: [all, ...branches.map((b) => ({ value: b.code, label: b.name }))],
      locations: [all, ...locations.map((l) => ({ value: l.code, label: l.name }))],
    };
  }, [tree.data, filter.concernCode, filter.branchCode, t]);
  const choose = (next: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    paging.setPage(0);
  };

  const rows = worklist.data?.items ?? [];
  const columns: PagedTableColumn<WorklistItem>[] = [
    {
      key: 'code',
      header: t('worklist.container'),
      cell: (row) => (
        <Link to={paths.location.to(row.locationCode, row.containerId)}>{row.code ?? row.containerId}</Link>
      ),
    },
    { key: 'articleName', header: t('worklist.article'), cell: (row) => row.articleName ?? '' },
    {
      key: 'locationName',
      header: t('worklist.location'),
      cell: (row) => <Link to={paths.location.to(row.locationCode)}>{row.locationName}</Link>,
    },
    {
      key: 'why',
      header: t('worklist.why'),
      cell: (row) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
          {row.why.map((why) => (
            <Badge key={why} tone={why === 'below_alarm' ? 'alarming' : 'warning'}>
              {t(`worklist.${why}`)}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: 'reachInWeeks',
      header: t('worklist.reach'),
      align: 'end',
      cell: (row) => format.number(row.reachInWeeks),
    },
    { key: 'stockOutDate', header: t('worklist.stockOut'), cell: (row) => format.date(row.stockOutDate) },
    {
      key: 'nextDeliveryDate',
      header: t('worklist.nextDelivery'),
      cell: (row) => format.date(row.nextDeliveryDate),
    },
    {
      key: 'marginDays',
      header: t('worklist.margin'),
      align: 'end',
      cell: (row) => format.integer(row.marginDays),
    },
    { key: 'stock', header: t('worklist.stock'), align: 'end', cell: (row) => format.number(row.stock) },
    {
      key: 'fillingQuantity',
      header: t('worklist.fillingQuantity'),
      align: 'end',
      cell: (row) => format.number(row.fillingQuantity),
    },
  ];
  // A column the user may not see (field visibility: absent from every row) is not shown empty.
  const shown = columns.filter(
    (column) =>
      rows.length === 0 ||
      ['code', 'locationName', 'why', 'nextDeliveryDate'].includes(column.key) ||
      rows.some((row) => row[column.key as keyof WorklistItem] !== undefined),
  );

  return (
    <Stack>
      <PageHeader
        title={t('worklist.title')}
        subtitle={t('worklist.subtitle')}
        actions={
          mayExport ? (
            <Button variant="secondary" onClick={() => setConfirmExport(true)}>
              {t('worklist.export')}
            </Button>
          ) : null
        }
      />
      {exported ? (
        <p role="status">
          {t('worklist.exportStarted')} <Link to={paths.exports.to()}>{t('worklist.openExports')}</Link>
        </p>
      ) : null}
      <Card title={t('worklist.filters')} headingLevel={2}>
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 12 }}
        >
          <Select
            id={`${id}-concern`}
            label={t('worklist.concern')}
            value={filter.concernCode}
            options={options.concerns}
            onChange={(concernCode) => choose({ concernCode, branchCode: ALL, locationCode: ALL })}
          />
          <Select
            id={`${id}-branch`}
            label={t('worklist.branch')}
            value={filter.branchCode}
            options={options.branches}
            onChange={(branchCode) => choose({ branchCode, locationCode: ALL })}
          />
          <Select
            id={`${id}-location`}
            label={t('worklist.location')}
            value={filter.locationCode}
            options={options.locations}
            onChange={(locationCode) => choose({ locationCode })}
          />
        </div>
      </Card>
      <PagedTable
        caption={t('worklist.title')}
        columns={shown}
        rows={rows}
        getRowId={(row) => row.containerId}
        total={worklist.data?.total ?? 0}
        more={worklist.data?.more ?? false}
        {...paging.table}
        loading={worklist.isPending}
        error={worklist.error ? t(errorKey(worklist.error), { ns: 'messages' }) : null}
        onRetry={() => void worklist.refetch()}
        emptyTitle={t('worklist.empty')}
      />
      <ConfirmDialog
        open={confirmExport}
        title={t('worklist.exportTitle')}
        message={t('worklist.exportConfirm')}
        confirmLabel={t('worklist.export')}
        loading={runExport.isPending}
        onCancel={() => setConfirmExport(false)}
        onConfirm={() => runExport.mutate()}
      />
    </Stack>
  );
}
