import { PROTOCOL_TYPES, type ProtocolEntry, type ProtocolType } from '@falcon/api-client';
import { Button, Dialog, PagedTable, type PagedTableColumn, Select } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Field, FormRow } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { ProtocolChanges } from '../../../components/ProtocolChanges';
import { useProtocolText } from '../../../components/ProtocolText';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useServerPaging } from '../../../lib/paging';
import { protocolQuery } from '../api/queries';

const ALL = 'all';
interface Filters {
  username: string;
  type: ProtocolType | typeof ALL;
  from: string;
  to: string;
  locationCode: string;
}
const NO_FILTERS: Filters = { username: '', type: ALL, from: '', to: '', locationCode: '' };

/** Texts of the protocol kinds, spelled out so every key is static. */
const protocolTypeLabel = (t: TFunction<'admin'>, type: ProtocolType): string => {
  switch (type) {
    case 'signin':
      return t('protocol.types.signin');
    case 'signin_failed':
      return t('protocol.types.signin_failed');
    case 'signout':
      return t('protocol.types.signout');
    case 'impersonate':
      return t('protocol.types.impersonate');
    case 'permission_denied':
      return t('protocol.types.permission_denied');
    case 'create':
      return t('protocol.types.create');
    case 'update':
      return t('protocol.types.update');
    case 'delete':
      return t('protocol.types.delete');
    case 'request':
      return t('protocol.types.request');
    case 'review_approved':
      return t('protocol.types.review_approved');
    case 'review_rejected':
      return t('protocol.types.review_rejected');
    case 'review_answered':
      return t('protocol.types.review_answered');
    case 'review_closed':
      return t('protocol.types.review_closed');
    case 'review_withdrawn':
      return t('protocol.types.review_withdrawn');
    case 'rack_handled':
      return t('protocol.types.rack_handled');
    case 'upload':
      return t('protocol.types.upload');
    case 'export':
      return t('protocol.types.export');
  }
};

/** The global protocol (audit log): who did what to which object and when; before and after on demand. */
export function ProtocolPage() {
  const { t } = useTranslation(['admin', 'messages']);
  const format = useFormat();
  const protocolText = useProtocolText();
  const { page, size, setPage, table: paging } = useServerPaging(20);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [open, setOpen] = useState<ProtocolEntry | null>(null);
  usePageTitle(t('protocol.title'));
  const filterMap = {
    ...(filters.username.trim() ? { username: filters.username.trim() } : {}),
    ...(filters.type !== ALL ? { type: filters.type } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.locationCode.trim() ? { locationCode: filters.locationCode.trim() } : {}),
  };
  const entries = useQuery(protocolQuery({ page, size, filterMap }));
  const setDraftField = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const columns: PagedTableColumn<ProtocolEntry>[] = [
    { key: 'at', header: t('protocol.at'), kind: 'date', cell: (row) => format.dateTime(row.at) },
    {
      key: 'username',
      header: t('protocol.user'),
      kind: 'code',
      truncate: true,
      maxWidth: '16ch',
      cell: (row) => row.username ?? t('protocol.system'),
    },
    { key: 'type', header: t('protocol.type'), cell: (row) => protocolTypeLabel(t, row.type) },
    {
      key: 'locationCode',
      header: t('protocol.location'),
      kind: 'code',
      cell: (row) =>
        row.locationCode ? <Link to={paths.location.to(row.locationCode)}>{row.locationCode}</Link> : '',
    },
    { key: 'summary', header: t('protocol.summary'), cell: (row) => protocolText.rich(row) },
    {
      key: 'changes',
      header: t('protocol.changes'),
      kind: 'action',
      cell: (row) =>
        row.before || row.after ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('protocol.showChangesOf', { summary: protocolText.plain(row) })}
            onClick={() => setOpen(row)}
          >
            {t('protocol.showChanges')}
          </Button>
        ) : null,
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(0);
  };
  return (
    <Stack>
      <PageHeader title={t('protocol.title')} subtitle={t('protocol.subtitle')} />
      <form onSubmit={submit} aria-label={t('protocol.filters')}>
        <FormRow style={{ alignItems: 'flex-end' }}>
          <Field
            id="protocol-user"
            type="search"
            label={t('protocol.user')}
            value={draft.username}
            onChange={(e) => setDraftField('username', e.target.value)}
          />
          <Select
            label={t('protocol.type')}
            options={[
              { value: ALL, label: t('protocol.allTypes') },
              ...PROTOCOL_TYPES.map((value) => ({ value, label: protocolTypeLabel(t, value) })),
            ]}
            value={draft.type}
            onChange={(value) => setDraftField('type', value)}
          />
          <Field
            id="protocol-from"
            type="date"
            label={t('protocol.from')}
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraftField('from', e.target.value)}
          />
          <Field
            id="protocol-to"
            type="date"
            label={t('protocol.to')}
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraftField('to', e.target.value)}
          />
          <Field
            id="protocol-location"
            type="search"
            label={t('protocol.locationCode')}
            placeholder="C001-B01-L01"
            value={draft.locationCode}
            onChange={(e) => setDraftField('locationCode', e.target.value)}
          />
          <div style={{ flex: '0 0 auto', display: 'flex', gap: 8 }}>
            <Button type="submit">{t('protocol.filter')}</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
                setPage(0);
              }}
            >
              {t('users.resetFilters')}
            </Button>
          </div>
        </FormRow>
      </form>
      <PagedTable
        caption={t('protocol.title')}
        columns={columns}
        rows={entries.data?.items ?? []}
        getRowId={(row) => row.id}
        total={entries.data?.total ?? 0}
        {...paging}
        loading={entries.isPending}
        error={entries.error ? t(errorKey(entries.error), { ns: 'messages' }) : null}
        onRetry={() => void entries.refetch()}
        emptyTitle={t('protocol.empty')}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? protocolText.plain(open) : ''}
        size="lg"
        footer={
          <Button variant="secondary" onClick={() => setOpen(null)}>
            {t('actions.close', { ns: 'common' })}
          </Button>
        }
      >
        {open ? (
          <>
            <p style={{ marginTop: 0 }}>
              {t('protocol.changesBy', {
                user: open.username ?? t('protocol.system'),
                date: format.dateTime(open.at),
              })}
            </p>
            <ProtocolChanges entry={open} />
          </>
        ) : null}
      </Dialog>
    </Stack>
  );
}
