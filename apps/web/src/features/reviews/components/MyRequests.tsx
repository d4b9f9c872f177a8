import { isApiError, type ReviewRequest } from '@falcon/api-client/lite';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Skeleton, useToast } from '@falcon/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { reviewStateTone, useLabels } from '../../../lib/labels';
import { errorKey, useNotify } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { myRequestsQuery } from '../api/queries';
import { notApplicableReason, proposedChange, requestSubject } from './proposedChange';

export interface MyRequestsProps {
  /** Only the requests for this container (the container detail); all of the user's otherwise. */
  containerId?: string | null;
  /** How many to show, newest first. */
  limit?: number;
  /** Heading level of the list's title, to fit the page outline; no title when absent. */
  headingLevel?: 2 | 3 | 4;
  /** Pending requests can be withdrawn here (after a confirmation). */
  withdrawable?: boolean;
}

/**
 * The signed-in user's own review requests and their state (pending, approved, rejected with the
 * reviewer's comment). Placeable on the container detail (`containerId`) and the dashboard.
 */
export function MyRequests({
  containerId = null,
  limit = 10,
  headingLevel,
  withdrawable = false,
}: MyRequestsProps) {
  const { t } = useTranslation(['reviews', 'messages']);
  const format = useFormat();
  const labels = useLabels();
  const toast = useToast();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<ReviewRequest | null>(null);
  const withdraw = useMutation({
    mutationFn: (request: ReviewRequest) => api.reviews.withdraw({ params: { id: request.id } }),
    onSuccess: (_answer, request) => {
      toast.show({ type: 'info', title: t('mine.withdrawn'), text: subjectOf(request) });
      setWithdrawing(null);
    },
    onError: (error) => {
      setWithdrawing(null);
      // Decided (or withdrawn) meanwhile: say so in words; the list then shows its state now.
      if (errorKey(error) === 'request_not_applicable')
        toast.show({
          type: 'error',
          title: t('mine.withdrawFailed'),
          text: notApplicableReason(t, isApiError(error) ? error.details?.reason : undefined),
        });
      else notify.error(error);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ]),
  });
  const subjectOf = (request: ReviewRequest) =>
    `${labels.reviewType(request.type)} · ${requestSubject(t, request) ?? request.locationName}`;
  // The list call filters by state only; a container's requests are picked from the newest 50.
  const mine = useQuery(myRequestsQuery());
  const Heading = headingLevel ? (`h${headingLevel}` as const) : null;
  const rows = (mine.data?.items ?? [])
    .filter((r) => !containerId || r.containerId === containerId)
    .slice(0, limit);
  return (
    <section aria-label={t('mine.title')}>
      {Heading ? <Heading style={{ margin: '0 0 8px', fontSize: 16 }}>{t('mine.title')}</Heading> : null}
      {mine.error ? (
        <ErrorState
          message={t(errorKey(mine.error), { ns: 'messages' })}
          onRetry={() => void mine.refetch()}
        />
      ) : !mine.data ? (
        <Skeleton lines={3} />
      ) : rows.length === 0 ? (
        <EmptyState title={containerId ? t('mine.emptyContainer') : t('mine.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {rows.map((request: ReviewRequest) => (
            <li key={request.id} style={{ display: 'grid', gap: 2 }}>
              <span style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                <strong>{labels.reviewType(request.type)}</strong>
                <Badge tone={reviewStateTone(request.state)}>{labels.reviewState(request.state)}</Badge>
                <span>{format.dateTime(request.requestedAt)}</span>
              </span>
              <span style={{ whiteSpace: 'pre-wrap' }}>
                {proposedChange(t, format, request)}
                {containerId ? null : (
                  <>
                    {' · '}
                    <Link to={paths.location.to(request.locationCode, request.containerId)}>
                      {requestSubject(t, request) ?? request.locationName}
                    </Link>
                  </>
                )}
              </span>
              {request.state === 'pending' ? (
                <span>{t('mine.assignedTo', { name: request.assigneeName ?? t('unassigned') })}</span>
              ) : null}
              {request.reviewedBy ? (
                <span>
                  {t(request.state === 'answered' ? 'mine.answeredBy' : 'mine.reviewedBy', {
                    user: request.reviewedBy,
                    date: format.dateTime(request.reviewedAt),
                  })}
                  {request.comment ? ` · "${request.comment}"` : ''}
                </span>
              ) : null}
              {withdrawable && request.state === 'pending' ? (
                <span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('mine.withdrawNamed', { what: subjectOf(request) })}
                    onClick={() => setWithdrawing(request)}
                  >
                    {t('mine.withdraw')}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('mine.withdrawTitle')}
        message={withdrawing ? `${subjectOf(withdrawing)}: ${t('mine.withdrawText')}` : null}
        confirmLabel={t('mine.withdraw')}
        danger
        loading={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
      />
    </section>
  );
}
