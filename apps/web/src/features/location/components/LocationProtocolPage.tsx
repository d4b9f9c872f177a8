import type { ProtocolEntry } from '@falcon/api-client/lite';
import { PagedTable, type PagedTableColumn } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProtocolText } from '../../../components/ProtocolText';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { useServerPaging } from '../../../lib/paging';
import { locationProtocolQuery } from '../api/queries';
import { LocationFrame } from './LocationFrame';

/** Who changed or requested what at this location, newest first. */
export function LocationProtocolPage({ code }: { code: string }) {
  const { t } = useTranslation('location');
  return (
    <LocationFrame code={code} title={t('nav.protocol')}>
      {() => <Protocol code={code} />}
    </LocationFrame>
  );
}

function Protocol({ code }: { code: string }) {
  const { t } = useTranslation(['location', 'messages']);
  const format = useFormat();
  const protocolText = useProtocolText();
  const { page, size, table: paging } = useServerPaging(20);
  const entries = useQuery(locationProtocolQuery(code, page, size));
  const columns: PagedTableColumn<ProtocolEntry>[] = [
    { key: 'at', header: t('protocol.at'), kind: 'date', cell: (row) => format.dateTime(row.at) },
    {
      key: 'username',
      header: t('protocol.user'),
      kind: 'code',
      truncate: true,
      maxWidth: '16ch',
      cell: (row) => row.username ?? '',
    },
    { key: 'summary', header: t('protocol.summary'), cell: (row) => protocolText.rich(row) },
  ];
  return (
    <PagedTable
      caption={t('nav.protocol')}
      columns={columns}
      rows={entries.data?.items ?? []}
      getRowId={(row) => row.id}
      total={entries.data?.total ?? 0}
      {...paging}
      loading={entries.isFetching}
      error={entries.error ? t(errorKey(entries.error), { ns: 'messages' }) : null}
      onRetry={() => void entries.refetch()}
      emptyTitle={t('protocol.empty')}
    />
  );
}
