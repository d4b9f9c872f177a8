import { type Concern, hasAll, ROUTE_PERMISSIONS } from '@falcon/api-client/lite';
import { Card, ErrorState, PagedTable, type PagedTableColumn, Skeleton } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { EmployeeContacts } from '../../../components/EmployeeContacts';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { SubNav } from '../../../components/SubNav';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useClientPaging } from '../../../lib/paging';
import { concernQuery } from '../../../lib/queries';
import { chooseConcern, state } from '../../../lib/store';

type BranchRow = Concern['branches'][number];

/** Loads a concern; opening another concern than the selected one chooses it (spec: clears the rest). */
function useConcern(code: string) {
  const concern = useQuery(concernQuery(code));
  useEffect(() => {
    if (state.selection.concernCode !== code) chooseConcern(code);
  }, [code]);
  return concern;
}

function ConcernFrame({ code, children }: { code: string; children: (concern: Concern) => React.ReactNode }) {
  const { t } = useTranslation(['org', 'messages']);
  const concern = useConcern(code);
  const { session } = useSnapshot(state);
  // Administrators set the concern's single sign-on up (ADR 0064).
  const mayConfigureSso = hasAll(session?.permissions ?? [], [ROUTE_PERMISSIONS.sysAdmin]);
  usePageTitle(concern.data?.name ?? code);
  if (concern.error) {
    return (
      <ErrorState
        message={t(errorKey(concern.error), { ns: 'messages' })}
        onRetry={() => void concern.refetch()}
      />
    );
  }
  const data = concern.data;
  return (
    <Stack>
      <PageHeader
        title={data ? data.name : <Skeleton width="240px" />}
        subtitle={t('concern.subtitle', { code })}
        actions={
          <SubNav
            label={t('concern.nav')}
            items={[
              { to: paths.concern.to(code), label: t('concern.branches') },
              { to: paths.concernContacts.to(code), label: t('contacts.title') },
              ...(mayConfigureSso ? [{ to: paths.concernSso.to(code), label: t('concern.sso') }] : []),
            ]}
          />
        }
      />
      {data ? children(data) : <Skeleton lines={6} />}
    </Stack>
  );
}

/** The concern's branches; `search` is the container search over the whole concern (composed by the route). */
export function ConcernPage({ code, search }: { code: string; search?: React.ReactNode }) {
  const { t } = useTranslation('org');
  return (
    <ConcernFrame code={code}>
      {(concern) => (
        <>
          <BranchTable concern={concern} />
          {search ? (
            <Card title={t('concern.searchTitle')} headingLevel={2}>
              {search}
            </Card>
          ) : null}
        </>
      )}
    </ConcernFrame>
  );
}

function BranchTable({ concern }: { concern: Concern }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const paging = useClientPaging(concern.branches);
  const columns: PagedTableColumn<BranchRow>[] = [
    {
      key: 'name',
      header: t('branch.name'),
      cell: (row) => <Link to={paths.branch.to(row.code)}>{row.name}</Link>,
    },
    { key: 'code', header: t('branch.code'), kind: 'code' },
    {
      key: 'locationCount',
      header: t('branch.locations'),
      kind: 'number',
      cell: (row) => format.integer(row.locationCount),
    },
  ];
  return (
    <Card title={t('concern.branches')} headingLevel={2}>
      <PagedTable
        caption={t('concern.branches')}
        columns={columns}
        getRowId={(row) => row.code}
        emptyTitle={t('concern.noBranches')}
        {...paging}
      />
    </Card>
  );
}

export function ConcernContactsPage({ code }: { code: string }) {
  return (
    <ConcernFrame code={code}>
      {(concern) => (
        <EmployeeContacts
          inHouseStaffKey={concern.inHouseStaffEmployeeKey}
          fieldServiceKey={concern.fieldServiceEmployeeKey}
        />
      )}
    </ConcernFrame>
  );
}
