import type { LocationSizingItem } from '@falcon/api-client';
import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client/lite';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  ErrorState,
  PagedTable,
  type PagedTableColumn,
  Select,
  Skeleton,
  useToast,
} from '@falcon/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../../../config/paths';
import { sendContainerRequest } from '../../../lib/container-actions';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { useServerPaging } from '../../../lib/paging';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { locationSizingQuery, reachBandsQuery } from '../api/queries';
import { ReachBandsChart } from './ReachBandsChart';
import { ReplenishmentTimes } from './ReplenishmentTimes';
import { SIZING_WINDOWS } from './SizingSuggestion';

const REASON_TONES = {
  increase: 'warning',
  decrease: 'primary',
  keep: 'success',
  no_consumption: 'neutral',
} as const;

/**
 * A location's replenishment page: its containers by reach band over the last 12 months, and the
 * suggested filling quantities of its containers as a reviewable list: choose rows, request the chosen
 * ones (each a change-of-quantity request for review, the panel's request).
 */
export function LocationReplenishment({ code }: { code: string }) {
  const { t } = useTranslation(['replenishment', 'messages']);
  const format = useFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { session } = useSnapshot(state);
  const id = useId();
  const [windowWeeks, setWindowWeeks] = useState(12);
  const [changesOnly, setChangesOnly] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const paging = useServerPaging(20);
  const bands = useQuery(reachBandsQuery(code));
  const sizing = useQuery(
    locationSizingQuery(code, { windowWeeks, changesOnly, page: paging.page, size: paging.size }),
  );
  const mayRequest = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.containerChangeQuantity]);
  const rows = sizing.data?.items ?? [];

  const requestChosen = async () => {
    const chosen = rows.filter(
      (row) =>
        selected.includes(row.containerId) &&
        row.suggested !== undefined &&
        row.suggested !== row.fillingQuantity,
    );
    setSending(true);
    let sent = 0;
    for (const row of chosen) {
      // One after another: each is its own review request; a refused one (already pending) does not stop the rest.
      const ok = await sendContainerRequest(row.containerId, {
        action: 'changeQuantity',
        factor: row.suggested as number,
      })
        .then(() => true)
        .catch(() => false);
      if (ok) sent += 1;
    }
    setSending(false);
    setConfirming(false);
    setSelected([]);
    toast.show({
      type: sent === chosen.length ? 'info' : 'warn',
      title: t('bulk.sent', { sent: format.integer(sent), refused: format.integer(chosen.length - sent) }),
    });
    await Promise.all([
      ...chosen.map((row) =>
        queryClient.invalidateQueries({ queryKey: queryKeys.container.all(row.containerId) }),
      ),
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
    ]);
  };

  const columns: PagedTableColumn<LocationSizingItem>[] = [
    {
      key: 'code',
      header: t('bulk.container'),
      cell: (row) => <Link to={paths.location.to(code, row.containerId)}>{row.code ?? row.containerId}</Link>,
    },
    { key: 'articleName', header: t('bulk.article'), cell: (row) => row.articleName ?? '' },
    { key: 'placeCode', header: t('bulk.place'), cell: (row) => row.placeCode ?? '' },
    {
      key: 'averageWeekly',
      header: t('bulk.average'),
      align: 'end',
      cell: (row) => format.number(row.averageWeekly),
    },
    {
      key: 'fillingQuantity',
      header: t('bulk.current'),
      align: 'end',
      cell: (row) => format.number(row.fillingQuantity),
    },
    {
      key: 'suggested',
      header: t('bulk.suggested'),
      align: 'end',
      cell: (row) => format.number(row.suggested),
    },
    {
      key: 'reason',
      header: t('bulk.reason'),
      cell: (row) => <Badge tone={REASON_TONES[row.reason]}>{t(`reason.${row.reason}`)}</Badge>,
    },
  ];
  const visibleColumns = columns.filter((column) =>
    rows.length === 0 || column.key === 'reason' || column.key === 'code'
      ? true
      : rows.some((row) => row[column.key as keyof LocationSizingItem] !== undefined),
  );

  return (
    <>
      {bands.error ? (
        <ErrorState
          message={t(errorKey(bands.error), { ns: 'messages' })}
          onRetry={() => void bands.refetch()}
        />
      ) : bands.data ? (
        bands.data.counts ? (
          <Card title={t('chart.bands')} headingLevel={2}>
            <ReachBandsChart summary={bands.data} />
          </Card>
        ) : null
      ) : (
        <Skeleton height="240px" />
      )}
      <ReplenishmentTimes level="location" code={code} />
      <Card
        title={t('bulk.title')}
        headingLevel={2}
        actions={
          mayRequest ? (
            <Button size="sm" disabled={selected.length === 0} onClick={() => setConfirming(true)}>
              {t('bulk.requestChosen', { count: format.integer(selected.length) })}
            </Button>
          ) : null
        }
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'end', marginBottom: 12 }}>
          <div style={{ width: 200 }}>
            <Select
              id={`${id}-window`}
              label={t('sizing.window')}
              value={String(windowWeeks)}
              onChange={(value) => {
                setWindowWeeks(Number(value));
                setSelected([]);
                paging.setPage(0);
              }}
              options={SIZING_WINDOWS.map((weeks) => ({
                value: String(weeks),
                label: format.integer(weeks),
              }))}
            />
          </div>
          <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={changesOnly}
              onChange={(event) => {
                setChangesOnly(event.target.checked);
                setSelected([]);
                paging.setPage(0);
              }}
            />
            {t('bulk.changesOnly')}
          </label>
        </div>
        {sizing.data ? (
          <p style={{ margin: '0 0 12px' }}>
            {t('bulk.settings', {
              lead: format.integer(sizing.data.leadTimeDays),
              safety: format.integer(sizing.data.safetyTimeDays),
            })}
          </p>
        ) : null}
        <PagedTable
          caption={t('bulk.title')}
          columns={visibleColumns}
          rows={rows}
          getRowId={(row) => row.containerId}
          total={sizing.data?.total ?? 0}
          {...paging.table}
          loading={sizing.isPending}
          error={sizing.error ? t(errorKey(sizing.error), { ns: 'messages' }) : null}
          onRetry={() => void sizing.refetch()}
          emptyTitle={t('bulk.empty')}
          {...(mayRequest ? { selectedIds: selected, onSelectionChange: setSelected } : {})}
        />
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('bulk.confirmTitle')}
        message={t('bulk.confirm', { count: format.integer(selected.length) })}
        confirmLabel={t('bulk.requestChosen', { count: format.integer(selected.length) })}
        loading={sending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void requestChosen()}
      />
    </>
  );
}
