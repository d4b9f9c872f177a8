import {
  ACTION_PERMISSIONS,
  hasAll,
  type InventoryList,
  type InventoryListDetail,
  type InventoryRow,
} from '@falcon/api-client';
import { Badge, Button, Card, ConfirmDialog, PagedTable, type PagedTableColumn } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { useServerPaging } from '../../../lib/paging';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { inventoryListQuery, inventoryListsQuery } from '../api/queries';
import { ListUpload } from './ListUpload';
import { type RowsColumn, RowsTable } from './RowsTable';
import { useListUpload } from './useListUpload';

type RowError = InventoryRow['errors'][number];

const rowErrorLabel = (t: TFunction<['lists', 'messages']>, error: RowError) => {
  switch (error) {
    case 'invalid_barcode':
      return t('invalid_barcode', { ns: 'messages' });
    case 'invalid_quantity':
      return t('inventory.invalidQuantity');
    case 'duplicate_barcode':
      return t('inventory.duplicateBarcode');
  }
};

/**
 * A location's inventory lists (a section the location screen can include). Saving a file stores it
 * and checks every row ('save before upload' confirmation); the row-by-row preview shows the errors;
 * a list without errors can be transferred ('transfer inventory list' confirmation), which creates a
 * review request.
 */
export function InventoryListsSection({ locationCode }: { locationCode: string }) {
  const { t } = useTranslation(['lists', 'messages', 'common']);
  const format = useFormat();
  const notify = useNotify();
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const mayUpload = hasAll(granted, [ACTION_PERMISSIONS.uploadInventoryLists]);
  const mayTransfer = hasAll(granted, [ACTION_PERMISSIONS.transferInventoryList]);
  const { page, size, setPage, table: paging } = useServerPaging(10);
  const [shown, setShown] = useState<string | null>(null);
  const [transferring, setTransferring] = useState<InventoryList | null>(null);
  const [removing, setRemoving] = useState<InventoryList | null>(null);
  const lists = useQuery(inventoryListsQuery(locationCode, page, size));
  const queryClient = useQueryClient();
  const reloadLists = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.inventoryLists.location(locationCode) });
  const upload = useListUpload(
    (file, again) =>
      api.inventoryLists.upload({
        params: { code: locationCode },
        body: again ? { again: 'true' } : {},
        file,
        filename: file.name,
      }),
    (result: InventoryListDetail) => {
      if (result.errorCount > 0)
        notify.warn('upload_successful', t('inventory.errorCount', { count: result.errorCount }));
      else notify.success('upload_successful');
      setPage(0);
      void reloadLists();
      setShown(result.id);
    },
  );

  const transfer = useMutation({
    mutationFn: (list: InventoryList) => api.inventoryLists.transfer({ params: { id: list.id } }),
    onSuccess: (_answer, list) => {
      notify.success('upload_successful', t('inventory.transferred'));
      // A transfer is a review request: the request lists change, and the list shows it as transferred.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.inventoryLists.detail(list.id) }),
        reloadLists(),
      ]);
    },
    onError: (error) => notify.error(error, 'upload_error'),
    onSettled: () => setTransferring(null),
  });
  const remove = useMutation({
    mutationFn: (list: InventoryList) => api.inventoryLists.remove({ params: { id: list.id } }),
    onSuccess: (_answer, list) => {
      notify.success('deletion_success');
      if (shown === list.id) setShown(null);
      setRemoving(null);
      return reloadLists();
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });

  const columns: PagedTableColumn<InventoryList>[] = [
    {
      key: 'uploadedAt',
      header: t('uploadedAt'),
      kind: 'date',
      cell: (row) => format.dateTime(row.uploadedAt),
    },
    { key: 'uploadedBy', header: t('uploadedBy'), kind: 'code', truncate: true, maxWidth: '16ch' },
    { key: 'filename', header: t('filename') },
    {
      key: 'result',
      header: t('result'),
      cell: (row) =>
        row.state === 'transferred' ? (
          <Badge tone="primary">{t('inventory.stateTransferred')}</Badge>
        ) : row.errorCount > 0 ? (
          <Badge tone="danger">
            {t('inventory.errorsOf', { errors: row.errorCount, total: row.rowCount })}
          </Badge>
        ) : (
          <Badge tone="success">{t('inventory.ready', { total: row.rowCount })}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('actions'),
      cell: (row) => (
        <span style={{ display: 'inline-flex', gap: 6, flexWrap: 'wrap' }}>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={shown === row.id}
            aria-label={t('showResultOf', { name: row.filename })}
            onClick={() => setShown(shown === row.id ? null : row.id)}
          >
            {t('showResult')}
          </Button>
          {mayTransfer && row.state === 'uploaded' && row.errorCount === 0 ? (
            <Button
              size="sm"
              aria-label={t('inventory.transferOf', { name: row.filename })}
              onClick={() => setTransferring(row)}
            >
              {t('inventory.transfer')}
            </Button>
          ) : null}
          {mayUpload && row.state === 'uploaded' ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('removeOf', { name: row.filename })}
              onClick={() => setRemoving(row)}
            >
              {t('remove')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <Card title={t('inventory.title')} headingLevel={2}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {mayUpload ? (
          <ListUpload
            upload={upload}
            hint={t('inventory.hint')}
            confirmTitle={t('inventory.saveTitle')}
            confirmMessage={t('inventory.saveConfirm', { name: upload.file?.name ?? '' })}
            confirmLabel={t('inventory.save')}
          />
        ) : null}
        <PagedTable
          caption={t('inventory.title')}
          columns={columns}
          rows={lists.data?.items ?? []}
          getRowId={(row) => row.id}
          total={lists.data?.total ?? 0}
          {...paging}
          loading={lists.isPending}
          error={lists.error ? t(errorKey(lists.error), { ns: 'messages' }) : null}
          onRetry={() => void lists.refetch()}
          emptyTitle={t('inventory.empty')}
        />
        {shown ? <InventoryPreview id={shown} /> : null}
      </div>
      <ConfirmDialog
        open={transferring !== null}
        title={t('inventory.transferTitle')}
        message={t('inventory.transferConfirm', { name: transferring?.filename ?? '' })}
        confirmLabel={t('inventory.transfer')}
        loading={transfer.isPending}
        onCancel={() => setTransferring(null)}
        onConfirm={() => transferring && transfer.mutate(transferring)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('inventory.removeTitle')}
        message={t('inventory.removeConfirm', { name: removing?.filename ?? '' })}
        confirmLabel={t('remove')}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Card>
  );
}

/** The row-by-row validation of one inventory list; rows with errors first. */
function InventoryPreview({ id }: { id: string }) {
  const { t } = useTranslation(['lists', 'messages']);
  const format = useFormat();
  const detail = useQuery(inventoryListQuery(id));
  const rows = [...(detail.data?.rows ?? [])].sort(
    (a, b) => Number(a.errors.length === 0) - Number(b.errors.length === 0) || a.line - b.line,
  );
  const columns: RowsColumn<InventoryRow>[] = [
    { key: 'line', header: t('line'), cell: (row) => row.line },
    { key: 'barcode', header: t('barcode.barcode'), cell: (row) => row.barcode },
    { key: 'quantity', header: t('inventory.quantity'), cell: (row) => format.number(row.quantity) },
    {
      key: 'errors',
      header: t('result'),
      cell: (row) =>
        row.errors.length === 0 ? (
          <Badge tone="success">{t('valid')}</Badge>
        ) : (
          <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
            {row.errors.map((error) => (
              <Badge key={error} tone="danger">
                {rowErrorLabel(t, error)}
              </Badge>
            ))}
          </span>
        ),
    },
  ];
  return (
    <RowsTable
      key={id}
      caption={t('inventory.previewOf', { name: detail.data?.filename ?? '' })}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.line)}
      loading={detail.isPending}
      error={detail.error ? t(errorKey(detail.error), { ns: 'messages' }) : null}
      onRetry={() => void detail.refetch()}
      empty={t('noRows')}
    />
  );
}
