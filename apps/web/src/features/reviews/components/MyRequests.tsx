import type { ReviewRequest } from '@falcon/api-client';
import { Badge, EmptyState, ErrorState, Skeleton } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { reviewStateTone, useLabels } from '../../../lib/labels';
import { errorKey } from '../../../lib/messages';
import { myRequestsQuery } from '../api/queries';
import { proposedChange } from './proposedChange';

export interface MyRequestsProps {
  /** Only the requests for this container (the container detail); all of the user's otherwise. */
  containerId?: string | null;
  /** How many to show, newest first. */
  limit?: number;
  /** Heading level of the list's title, to fit the page outline; no title when absent. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The signed-in user's own review requests and their state (pending, approved, rejected with the
 * reviewer's comment). Placeable on the container detail (`containerId`) and the dashboard.
 */
export function MyRequests({ containerId = null, limit = 10, headingLevel }: MyRequestsProps) {
  const { t } = useTranslation(['reviews', 'messages']);
  const format = useFormat();
  const labels = useLabels();
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
              <span>
                {proposedChange(t, format, request)}
                {containerId ? null : (
                  <>
                    {' · '}
                    <Link to={paths.location.to(request.locationCode, request.containerId)}>
                      {request.containerCode ?? request.articleName ?? request.locationName}
                    </Link>
                  </>
                )}
              </span>
              {request.reviewedBy ? (
                <span>
                  {t('mine.reviewedBy', {
                    user: request.reviewedBy,
                    date: format.dateTime(request.reviewedAt),
                  })}
                  {request.comment ? ` · "${request.comment}"` : ''}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
