import { type Dashboard, hasAll, PERMISSIONS } from '@falcon/api-client';
import { Badge, Card, EmptyState, ErrorState, PagedTable, type PagedTableColumn, Skeleton } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PageHeader } from '../../../components/PageHeader';
import { Grid, Stack } from '../../../components/Stack';
import { StatCard } from '../../../components/StatCard';
import { WORKLIST_PERMISSION } from '../../../config/access';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { reviewStateTone, useLabels } from '../../../lib/labels';
import { errorKey } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { useClientPaging } from '../../../lib/paging';
import { state } from '../../../lib/store';
import { dashboardQuery, worklistCountQuery } from '../api/queries';

type DashboardLocation = Dashboard['locations'][number];
type RecentRequest = Dashboard['recentRequests'][number];

/** The start page: the user's locations by alarming count, and the state of requests. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common', 'messages']);
  const format = useFormat();
  const labels = useLabels();
  const { session } = useSnapshot(state);
  const dashboard = useQuery(dashboardQuery());
  usePageTitle(t('title'));

  const paging = useClientPaging(dashboard.data?.locations);
  const reviewer = hasAll(session?.permissions ?? [], [PERMISSIONS.reviewRequests]);
  const mayWorklist = hasAll(session?.permissions ?? [], [WORKLIST_PERMISSION]);
  const worklistCount = useQuery({ ...worklistCountQuery(), enabled: mayWorklist });
  const data = dashboard.data;
  const alarming = data?.locations.reduce((sum, l) => sum + l.alarmingCount, 0) ?? 0;

  const columns: PagedTableColumn<DashboardLocation>[] = [
    {
      key: 'name',
      header: t('locations.location'),
      cell: (row) => <Link to={paths.location.to(row.code)}>{row.name}</Link>,
    },
    { key: 'branchName', header: t('locations.branch') },
    { key: 'concernName', header: t('locations.concern') },
    {
      key: 'containerCount',
      header: t('locations.containers'),
      kind: 'number',
      cell: (row) => format.integer(row.containerCount),
    },
    {
      key: 'alarmingCount',
      header: t('locations.alarming'),
      kind: 'number',
      cell: (row) =>
        row.alarmingCount > 0 ? <Badge tone="alarming">{format.integer(row.alarmingCount)}</Badge> : '0',
    },
  ];
  const requestColumns: PagedTableColumn<RecentRequest>[] = [
    { key: 'type', header: t('requests.type'), cell: (row) => labels.reviewType(row.type) },
    {
      key: 'containerCode',
      header: t('requests.container'),
      kind: 'code',
      truncate: true,
      maxWidth: '24ch',
      cell: (row) => row.containerCode ?? row.articleName ?? '',
    },
    {
      key: 'locationName',
      header: t('requests.location'),
      cell: (row) => (
        <Link to={paths.location.to(row.locationCode, row.containerId)}>{row.locationName}</Link>
      ),
    },
    {
      key: 'requestedAt',
      header: t('requests.requestedAt'),
      kind: 'date',
      cell: (row) => format.dateTime(row.requestedAt),
    },
    {
      key: 'state',
      header: t('requests.state'),
      kind: 'status',
      cell: (row) => <Badge tone={reviewStateTone(row.state)}>{labels.reviewState(row.state)}</Badge>,
    },
  ];

  return (
    <Stack>
      <PageHeader title={t('welcome', { name: session?.fullName ?? '' })} subtitle={t('subtitle')} />
      {dashboard.error ? (
        <ErrorState
          message={t(errorKey(dashboard.error), { ns: 'messages' })}
          onRetry={() => void dashboard.refetch()}
        />
      ) : null}
      <Grid>
        {data ? (
          <>
            <StatCard label={t('stats.locations')} value={format.integer(data.locations.length)} />
            <StatCard label={t('stats.alarming')} value={format.integer(alarming)} />
            <StatCard label={t('stats.myPending')} value={format.integer(data.myPendingRequests)} />
            {reviewer ? (
              // The inbox as it opens: assigned to the user when linked to an employee, else all in scope.
              <StatCard
                label={session?.employeeKey ? t('stats.toReviewMine') : t('stats.toReview')}
                value={format.integer(data.toReview)}
              />
            ) : null}
            {mayWorklist && worklistCount.data ? (
              <Link to={paths.worklist.to()} title={t('stats.toReorderLink')} style={{ color: 'inherit' }}>
                <StatCard
                  label={t('stats.toReorder')}
                  value={
                    worklistCount.data.more
                      ? t('stats.toReorderMore', { count: format.integer(worklistCount.data.count) })
                      : format.integer(worklistCount.data.count)
                  }
                />
              </Link>
            ) : null}
          </>
        ) : (
          <>
            <Skeleton height="88px" />
            <Skeleton height="88px" />
            <Skeleton height="88px" />
          </>
        )}
      </Grid>
      <Card title={t('locations.title')} headingLevel={2}>
        <PagedTable
          caption={t('locations.title')}
          columns={columns}
          getRowId={(row) => row.code}
          {...paging}
          loading={dashboard.isPending}
          emptyTitle={t('locations.empty')}
        />
      </Card>
      <Card
        title={t('requests.title')}
        headingLevel={2}
        actions={reviewer ? <Link to={paths.reviews.to()}>{t('requests.toReviews')}</Link> : null}
      >
        {data && data.recentRequests.length === 0 ? (
          <EmptyState title={t('requests.empty')} description={t('requests.emptyHint')} />
        ) : (
          <PagedTable
            caption={t('requests.title')}
            columns={requestColumns}
            rows={data?.recentRequests ?? []}
            getRowId={(row) => row.id}
            total={data?.recentRequests.length ?? 0}
            page={1}
            pageSize={50}
            pageSizeOptions={[50]}
            onPageChange={() => {}}
            onPageSizeChange={() => {}}
            loading={dashboard.isPending}
          />
        )}
      </Card>
    </Stack>
  );
}
