import {
  ACTION_PERMISSIONS,
  type BarcodeList,
  type BarcodeListDetail,
  type BarcodeListRow,
  hasAll,
} from '@falcon/api-client';
import { Badge, Button, Card, ConfirmDialog, PagedTable, type PagedTableColumn } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { useFormat } from '../../../lib/format';
import { errorKey, useNotify } from '../../../lib/messages';
import { useServerPaging } from '../../../lib/paging';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { barcodeListQuery, barcodeListsQuery } from '../api/queries';
import { ListUpload } from './ListUpload';
import { type RowsColumn, RowsTable } from './RowsTable';
import { useListUpload } from './useListUpload';

/**
 * A location's barcode lists (a section the location screen can include): upload with confirmation
 * (and the 'again' confirmation for a list uploaded before), each list's result with its
 * invalid_barcode rows, the uploaded file, removal with confirmation, and the download of every
 * barcode of the location.
 */
export function BarcodeListsSection({ locationCode }: { locationCode: string }) {
  const { t } = useTranslation(['lists', 'messages', 'common']);
  const format = useFormat();
  const notify = useNotify();
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const mayUpload = hasAll(granted, [ACTION_PERMISSIONS.uploadBarcodeLists]);
  const mayDownload = hasAll(granted, [ACTION_PERMISSIONS.downloadBarcodeLists]);
  const { page, size, setPage, table: paging } = useServerPaging(10);
  const [shown, setShown] = useState<string | null>(null);
  const [removing, setRemoving] = useState<BarcodeList | null>(null);
  const lists = useQuery(barcodeListsQuery(locationCode, page, size));
  const queryClient = useQueryClient();
  const reloadLists = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.barcodeLists.location(locationCode) });
  const upload = useListUpload(
    (file, again) =>
      api.barcodeLists.upload({
        params: { code: locationCode },
        body: again ? { again: 'true' } : {},
        file,
        filename: file.name,
      }),
    (result: BarcodeListDetail) => {
      if (result.invalidCount > 0)
        notify.warn('upload_successful', t('barcode.invalidCount', { count: result.invalidCount }));
      else notify.success('upload_successful');
      setPage(0);
      void reloadLists();
      setShown(result.id);
    },
  );

  const remove = useMutation({
    mutationFn: (list: BarcodeList) => api.barcodeLists.remove({ params: { id: list.id } }),
    onSuccess: (_answer, list) => {
      notify.success('deletion_success');
      if (shown === list.id) setShown(null);
      setRemoving(null);
      return reloadLists();
    },
    onError: (error) => notify.error(error, 'deletion_error'),
  });
  const download = async (load: () => Promise<Blob>, filename: string) => {
    try {
      saveBlob(await load(), filename);
    } catch (error) {
      notify.error(error);
    }
  };

  const columns: PagedTableColumn<BarcodeList>[] = [
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
        row.invalidCount > 0 ? (
          <Badge tone="danger">
            {t('barcode.invalidOf', { invalid: row.invalidCount, total: row.rowCount })}
          </Badge>
        ) : (
          <Badge tone="success">{t('barcode.allValid', { total: row.rowCount })}</Badge>
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
          {mayDownload ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('downloadFileOf', { name: row.filename })}
              onClick={() =>
                void download(() => api.barcodeLists.file({ params: { id: row.id } }), row.filename)
              }
            >
              {t('downloadFile')}
            </Button>
          ) : null}
          {mayUpload ? (
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
    <Card
      title={t('barcode.title')}
      headingLevel={2}
      actions={
        mayDownload ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void download(
                () => api.barcodeLists.download({ params: { code: locationCode } }),
                `Barcodes_${locationCode}.csv`,
              )
            }
          >
            {t('barcode.downloadAll')}
          </Button>
        ) : null
      }
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {mayUpload ? (
          <ListUpload
            upload={upload}
            hint={t('hint')}
            confirmTitle={t('barcode.uploadTitle')}
            confirmMessage={t('barcode.uploadConfirm', { name: upload.file?.name ?? '' })}
            confirmLabel={t('upload')}
          />
        ) : null}
        <PagedTable
          caption={t('barcode.title')}
          columns={columns}
          rows={lists.data?.items ?? []}
          getRowId={(row) => row.id}
          total={lists.data?.total ?? 0}
          {...paging}
          loading={lists.isPending}
          error={lists.error ? t(errorKey(lists.error), { ns: 'messages' }) : null}
          onRetry={() => void lists.refetch()}
          emptyTitle={t('barcode.empty')}
        />
        {shown ? <BarcodeListResult id={shown} /> : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t('barcode.removeTitle')}
        message={t('barcode.removeConfirm', { name: removing?.filename ?? '' })}
        confirmLabel={t('remove')}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Card>
  );
}

/** One list's rows with their result; invalid_barcode rows first. */
function BarcodeListResult({ id }: { id: string }) {
  const { t } = useTranslation(['lists', 'messages']);
  const detail = useQuery(barcodeListQuery(id));
  const rows = [...(detail.data?.rows ?? [])].sort(
    (a, b) => Number(a.valid) - Number(b.valid) || a.line - b.line,
  );
  const columns: RowsColumn<BarcodeListRow>[] = [
    { key: 'line', header: t('line'), cell: (row) => row.line },
    { key: 'barcode', header: t('barcode.barcode'), cell: (row) => row.barcode },
    {
      key: 'valid',
      header: t('result'),
      cell: (row) =>
        row.valid ? (
          <Badge tone="success">{t('valid')}</Badge>
        ) : (
          <Badge tone="danger">{t('invalid_barcode', { ns: 'messages' })}</Badge>
        ),
    },
  ];
  return (
    <RowsTable
      key={id}
      caption={t('barcode.resultOf', { name: detail.data?.filename ?? '' })}
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
