import type { Branch } from '@falcon/api-client/lite';
import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client/lite';
import { Badge, Card, ErrorState, PagedTable, type PagedTableColumn, Skeleton } from '@falcon/ui';
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
import { branchQuery } from '../../../lib/queries';
import { onBranchLoaded, state } from '../../../lib/store';

type LocationRow = Branch['locations'][number];

/** Loads a branch and applies spec section 4: its concern becomes the selected one, location and container clear. */
function useBranch(code: string) {
  const branch = useQuery(branchQuery(code));
  const loaded = branch.data;
  useEffect(() => {
    if (loaded) onBranchLoaded(loaded);
  }, [loaded]);
  return branch;
}

export function BranchFrame({
  code,
  children,
  fill = false,
}: {
  code: string;
  children: (branch: Branch) => React.ReactNode;
  /** Fixed-height page (the map): the content takes the remaining height. */
  fill?: boolean;
}) {
  const { t } = useTranslation(['org', 'messages']);
  const branch = useBranch(code);
  usePageTitle(branch.data?.name ?? code);
  if (branch.error) {
    return (
      <ErrorState
        message={t(errorKey(branch.error), { ns: 'messages' })}
        onRetry={() => void branch.refetch()}
      />
    );
  }
  const data = branch.data;
  return (
    <Stack style={fill ? { flex: 1 } : undefined}>
      <PageHeader
        title={data ? data.name : <Skeleton width="240px" />}
        subtitle={
          data ? (
            <>
              <Link to={paths.concern.to(data.parentConcern.code)}>{data.parentConcern.name}</Link>
              {' · '}
              {t('branch.subtitle', { code })}
            </>
          ) : null
        }
        actions={
          <SubNav
            label={t('branch.nav')}
            items={[
              { to: paths.branch.to(code), label: t('branch.locationsTitle') },
              { to: paths.branchContacts.to(code), label: t('contacts.title') },
              { to: paths.branchMap.to(code), label: t('map.title') },
            ]}
          />
        }
      />
      {data ? children(data) : <Skeleton lines={6} />}
    </Stack>
  );
}

/**
 * The branch's locations; `search` is the container search over the whole branch and `settings` its
 * default lead and safety time (both composed by the route: features do not import each other).
 */
export function BranchPage({
  code,
  search,
  settings,
}: {
  code: string;
  search?: React.ReactNode;
  settings?: React.ReactNode;
}) {
  const { t } = useTranslation('org');
  return (
    <BranchFrame code={code}>
      {(branch) => (
        <>
          <LocationTable branch={branch} />
          {settings}
          {search ? (
            <Card title={t('branch.searchTitle')} headingLevel={2}>
              {search}
            </Card>
          ) : null}
        </>
      )}
    </BranchFrame>
  );
}

function LocationTable({ branch }: { branch: Branch }) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const paging = useClientPaging(branch.locations);
  const columns: PagedTableColumn<LocationRow>[] = [
    {
      key: 'name',
      header: t('location.name'),
      cell: (row) => <Link to={paths.location.to(row.code)}>{row.name}</Link>,
    },
    { key: 'code', header: t('location.code'), kind: 'code' },
    {
      key: 'containerCount',
      header: t('location.containers'),
      kind: 'number',
      cell: (row) => format.integer(row.containerCount),
    },
    {
      key: 'alarmingCount',
      header: t('location.alarming'),
      kind: 'number',
      cell: (row) =>
        row.alarmingCount > 0 ? <Badge tone="alarming">{format.integer(row.alarmingCount)}</Badge> : '0',
    },
  ];
  return (
    <Card title={t('branch.locationsTitle')} headingLevel={2}>
      <PagedTable
        caption={t('branch.locationsTitle')}
        columns={columns}
        getRowId={(row) => row.code}
        emptyTitle={t('branch.noLocations')}
        {...paging}
      />
    </Card>
  );
}

export function BranchContactsPage({ code }: { code: string }) {
  return (
    <BranchFrame code={code}>
      {(branch) => (
        <EmployeeContacts
          inHouseStaffKey={branch.inHouseStaffEmployeeKey}
          fieldServiceKey={branch.fieldServiceEmployeeKey}
        />
      )}
    </BranchFrame>
  );
}

/** Whether the user may change the branch map and its positions. */
export function useMayEditMap() {
  const { session } = useSnapshot(state);
  return hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.editBranchMap]);
}
