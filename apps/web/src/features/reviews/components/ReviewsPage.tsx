import {
  ACTION_PERMISSIONS,
  hasAll,
  isApiError,
  REVIEW_TYPES,
  type ReviewRequest,
  type ReviewType,
} from '@falcon/api-client/lite';
import { Button, Card, PagedTable, type PagedTableColumn, Select, Tabs, useToast } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PageHeader } from '../../../components/PageHeader';
import { Stack } from '../../../components/Stack';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useLabels } from '../../../lib/labels';
import { errorKey, useNotify } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/page-title';
import { queryKeys } from '../../../lib/query-keys';
import { state } from '../../../lib/store';
import { inboxQuery } from '../api/queries';
import { MyRequests } from './MyRequests';
import { proposedChange } from './proposedChange';
import { type Decision, ReviewDecisionDialog } from './ReviewDecisionDialog';

const ALL = 'all';

/**
 * /reviews: the inbox of pending requests for the responsible clerk and ADMIN (approve applies the
 * change, reject leaves the container alone), and for everyone the state of their own requests.
 */
export function ReviewsPage() {
  const { t } = useTranslation(['reviews', 'common']);
  const { session } = useSnapshot(state);
  const reviewer = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.reviewRequests]);
  // The tab is in the URL: the user menu's "My requests" opens the own requests (?tab=mine).
  const [params, setParams] = useSearchParams();
  const tab = reviewer && params.get('tab') !== 'mine' ? 'inbox' : 'mine';
  const setTab = (id: string) => setParams(id === 'mine' ? { tab: 'mine' } : {}, { replace: true });
  usePageTitle(t('title'));
  const mine = (
    <Card title={t('mine.title')} headingLevel={2}>
      <MyRequests limit={50} />
    </Card>
  );
  return (
    <Stack>
      <PageHeader title={t('title')} subtitle={reviewer ? t('subtitle') : t('mine.subtitle')} />
      {reviewer ? (
        <Tabs
          label={t('title')}
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'inbox', label: t('inbox'), content: <ReviewInbox /> },
            { id: 'mine', label: t('mine.title'), content: mine },
          ]}
        />
      ) : (
        mine
      )}
    </Stack>
  );
}

function ReviewInbox() {
  const { t } = useTranslation(['reviews', 'messages', 'common']);
  const format = useFormat();
  const labels = useLabels();
  const notify = useNotify();
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [type, setType] = useState<ReviewType | typeof ALL>(ALL);
  const [decision, setDecision] = useState<Decision | null>(null);
  const filterMap: Record<string, string> = { state: 'pending', ...(type !== ALL ? { type } : {}) };
  const requests = useQuery(inboxQuery(page, size, filterMap));
  const queryClient = useQueryClient();

  const whyNot = (error: unknown) => {
    const reason = isApiError(error) ? error.details?.reason : undefined;
    return reason === 'container_inactive'
      ? t('notApplicable.container_inactive')
      : reason === 'date_invalid'
        ? t('notApplicable.date_invalid')
        : reason === 'list_missing'
          ? t('notApplicable.list_missing')
          : undefined;
  };

  const decide = useMutation({
    mutationFn: ({ decision: { request, approve }, comment }: { decision: Decision; comment: string }) => {
      const body = comment ? { comment } : {};
      return approve
        ? api.reviews.approve({ params: { id: request.id }, body })
        : api.reviews.reject({ params: { id: request.id }, body });
    },
    onSuccess: (_answer, { decision: { request, approve } }) => {
      toast.show({
        type: 'info',
        title: approve ? t('approved') : t('rejected'),
        text: `${labels.reviewType(request.type)} · ${request.containerCode ?? request.articleName ?? request.locationName}`,
      });
      setDecision(null);
      // An approval changes the container; every decision changes the request lists and the dashboard.
      return Promise.all([
        request.containerId
          ? queryClient.invalidateQueries({ queryKey: queryKeys.container.all(request.containerId) })
          : null,
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ]);
    },
    onError: (error) => {
      if (errorKey(error) === 'request_not_applicable') {
        // The change can no longer be applied: say why, back to the list, where it can be rejected.
        toast.show({
          type: 'error',
          title: t('request_not_applicable', { ns: 'messages' }),
          text: whyNot(error),
        });
        setDecision(null);
        return;
      }
      notify.error(error);
      // Someone else decided first: show the list as it is now.
      if (errorKey(error) === 'request_already_reviewed') {
        setDecision(null);
        return queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all });
      }
    },
  });

  const columns: PagedTableColumn<ReviewRequest>[] = [
    { key: 'requestedAt', header: t('requestedAt'), cell: (row) => format.dateTime(row.requestedAt) },
    { key: 'requestedBy', header: t('requestedBy') },
    { key: 'type', header: t('type'), cell: (row) => labels.reviewType(row.type) },
    {
      key: 'container',
      header: t('container'),
      cell: (row) =>
        row.containerId ? (
          <Link to={paths.location.to(row.locationCode, row.containerId)}>
            {row.containerCode ?? row.articleName ?? row.containerId}
          </Link>
        ) : (
          '–'
        ),
    },
    {
      key: 'locationName',
      header: t('location'),
      cell: (row) => <Link to={paths.location.to(row.locationCode)}>{row.locationName}</Link>,
    },
    { key: 'change', header: t('change.title'), cell: (row) => proposedChange(t, format, row) },
    {
      key: 'actions',
      header: t('decide'),
      cell: (row) => {
        const what = `${labels.reviewType(row.type)} ${row.containerCode ?? row.articleName ?? row.locationName}`;
        return (
          <span style={{ display: 'inline-flex', gap: 6 }}>
            <Button
              size="sm"
              variant="primary"
              aria-label={t('approveNamed', { what })}
              onClick={() => setDecision({ request: row, approve: true })}
            >
              {t('approve')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('rejectNamed', { what })}
              onClick={() => setDecision({ request: row, approve: false })}
            >
              {t('reject')}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <Stack $gap={3}>
      <div style={{ maxWidth: 320 }}>
        <Select
          label={t('type')}
          options={[
            { value: ALL, label: t('allTypes') },
            ...REVIEW_TYPES.map((value) => ({ value, label: labels.reviewType(value) })),
          ]}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(0);
          }}
        />
      </div>
      <PagedTable
        caption={t('inbox')}
        columns={columns}
        rows={requests.data?.items ?? []}
        getRowId={(row) => row.id}
        total={requests.data?.total ?? 0}
        page={page + 1}
        pageSize={size}
        onPageChange={(next) => setPage(next - 1)}
        onPageSizeChange={(nextSize, nextPage) => {
          setSize(nextSize);
          setPage(nextPage - 1);
        }}
        loading={requests.isPending}
        error={requests.error ? t(errorKey(requests.error), { ns: 'messages' }) : null}
        onRetry={() => void requests.refetch()}
        emptyTitle={t('empty')}
      />
      <ReviewDecisionDialog
        decision={decision}
        busy={decide.isPending}
        onCancel={() => setDecision(null)}
        onConfirm={(comment) => decision && decide.mutate({ decision, comment })}
      />
    </Stack>
  );
}
