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
import { notApplicableReason, proposedChange, requestSubject } from './proposedChange';
import { type Decision, type DecisionAction, ReviewDecisionDialog } from './ReviewDecisionDialog';

const ALL = 'all';

/** The toast after each decision. */
const DONE = { approve: 'approved', reject: 'rejected', answer: 'answered', close: 'closed' } as const;

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
  const setTab = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === 'mine') next.set('tab', 'mine');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  usePageTitle(t('title'));
  const mine = (
    <Card title={t('mine.title')} headingLevel={2}>
      <MyRequests limit={50} withdrawable />
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
  const { session } = useSnapshot(state);
  // A reviewer linked to an employee sees what is assigned to them unless they ask for everything in
  // their scope (kept in the URL); one linked to none is assigned nothing and always sees everything.
  const linked = Boolean(session?.employeeKey);
  const [params, setParams] = useSearchParams();
  const assignee = linked && params.get('assignee') !== ALL ? 'me' : ALL;
  const setAssignee = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.set('assignee', ALL);
        else next.delete('assignee');
        return next;
      },
      { replace: true },
    );
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [type, setType] = useState<ReviewType | typeof ALL>(ALL);
  const [decision, setDecision] = useState<Decision | null>(null);
  const filterMap: Record<string, string> = {
    state: 'pending',
    assignee,
    ...(type !== ALL ? { type } : {}),
  };
  const requests = useQuery(inboxQuery(page, size, filterMap));
  const queryClient = useQueryClient();

  const decide = useMutation({
    mutationFn: ({ decision: { request, action }, comment }: { decision: Decision; comment: string }) => {
      const params = { id: request.id };
      switch (action) {
        case 'approve':
          return api.reviews.approve({ params, body: comment ? { comment } : {} });
        case 'reject':
          return api.reviews.reject({ params, body: comment ? { comment } : {} });
        case 'answer':
          return api.reviews.answer({ params, body: { comment } });
        case 'close':
          return api.reviews.close({ params, body: comment ? { comment } : {} });
      }
    },
    onSuccess: (_answer, { decision: { request, action } }) => {
      toast.show({
        type: 'info',
        title: t(DONE[action]),
        text: `${labels.reviewType(request.type)} · ${requestSubject(t, request) ?? request.locationName}`,
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
          text: notApplicableReason(t, isApiError(error) ? error.details?.reason : undefined),
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

  const decisionButton = (row: ReviewRequest, action: DecisionAction, what: string) => (
    <Button
      size="sm"
      variant={action === 'approve' || action === 'answer' ? 'primary' : 'secondary'}
      aria-label={t(`${action}Named`, { what })}
      onClick={() => setDecision({ request: row, action })}
    >
      {t(action)}
    </Button>
  );

  const columns: PagedTableColumn<ReviewRequest>[] = [
    {
      key: 'requestedAt',
      header: t('requestedAt'),
      kind: 'date',
      cell: (row) => format.dateTime(row.requestedAt),
    },
    { key: 'requestedBy', header: t('requestedBy'), kind: 'code', truncate: true, maxWidth: '16ch' },
    { key: 'type', header: t('type'), cell: (row) => labels.reviewType(row.type) },
    {
      key: 'container',
      header: t('container'),
      kind: 'code',
      truncate: true,
      maxWidth: '24ch',
      cell: (row) =>
        row.containerId ? (
          <Link to={paths.location.to(row.locationCode, row.containerId)}>{requestSubject(t, row)}</Link>
        ) : (
          (requestSubject(t, row) ?? '–')
        ),
    },
    {
      key: 'locationName',
      header: t('location'),
      cell: (row) => <Link to={paths.location.to(row.locationCode)}>{row.locationName}</Link>,
    },
    { key: 'change', header: t('change.title'), cell: (row) => proposedChange(t, format, row) },
    { key: 'assignee', header: t('assignee'), cell: (row) => row.assigneeName ?? t('unassigned') },
    {
      key: 'actions',
      header: t('decide'),
      kind: 'action',
      cell: (row) => {
        const what = `${labels.reviewType(row.type)} ${requestSubject(t, row) ?? row.locationName}`;
        return (
          <span style={{ display: 'inline-flex', gap: 6 }}>
            {row.type === 'message' ? (
              <>
                {decisionButton(row, 'answer', what)}
                {decisionButton(row, 'close', what)}
              </>
            ) : (
              <>
                {decisionButton(row, 'approve', what)}
                {decisionButton(row, 'reject', what)}
              </>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <Stack $gap={3}>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {linked ? (
          <div style={{ width: 240 }}>
            <Select
              label={t('show')}
              options={[
                { value: 'me', label: t('assignedToMe') },
                { value: ALL, label: t('allInScope') },
              ]}
              value={assignee}
              onChange={(value) => {
                setAssignee(value);
                setPage(0);
              }}
            />
          </div>
        ) : null}
        <div style={{ width: 320 }}>
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
        emptyTitle={assignee === 'me' ? t('emptyMine') : t('empty')}
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
