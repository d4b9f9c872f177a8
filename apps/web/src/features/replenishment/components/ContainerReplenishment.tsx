import { ACTION_PERMISSIONS, type Container, hasAll } from '@falcon/api-client/lite';
import { ErrorState, Skeleton } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useContainerRequest } from '../../../components/useContainerRequest';
import { WORKLIST_PERMISSION } from '../../../config/access';
import { paths } from '../../../config/paths';
import { actionRefusal } from '../../../lib/container-actions';
import { useFormat } from '../../../lib/format';
import { errorKey } from '../../../lib/messages';
import { state } from '../../../lib/store';
import { containerHistoryQuery, containerSizingQuery } from '../api/queries';
import { HistoryCharts } from './HistoryCharts';
import { SizingSuggestion } from './SizingSuggestion';

const DEFAULT_WINDOW = 12;

/**
 * The container panel's "History and sizing" section (the location route places it in the panel, loaded
 * with it): the suggested filling quantity beside the current one, then the charts of the last 12 months.
 * Accepting the suggestion sends the same change-of-quantity request as the panel's action button.
 */
export function ContainerReplenishment({ container }: { container: Container }) {
  const { t } = useTranslation(['replenishment', 'messages']);
  const format = useFormat();
  const { session } = useSnapshot(state);
  const [windowWeeks, setWindowWeeks] = useState(DEFAULT_WINDOW);
  const history = useQuery(containerHistoryQuery(container.id));
  const sizing = useQuery(containerSizingQuery(container.id, windowWeeks));
  const { send, sending } = useContainerRequest(container);
  const mayRequest = hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.containerChangeQuantity]);
  const mayPlan = hasAll(session?.permissions ?? [], [WORKLIST_PERMISSION]);
  const refusal = actionRefusal('changeQuantity', container);

  const error = history.error ?? sizing.error;
  return (
    <section
      aria-labelledby={`history-${container.id}`}
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <h3 id={`history-${container.id}`} style={{ margin: 0 }}>
        {t('panel.title')}
      </h3>
      {error ? (
        <ErrorState
          message={t(errorKey(error), { ns: 'messages' })}
          onRetry={() => {
            void history.refetch();
            void sizing.refetch();
          }}
        />
      ) : null}
      {sizing.data && sizing.data.suggested !== undefined ? (
        <SizingSuggestion
          sizing={sizing.data}
          windowWeeks={windowWeeks}
          onWindowChange={setWindowWeeks}
          onAccept={
            mayRequest ? (quantity) => send.mutate({ action: 'changeQuantity', factor: quantity }) : undefined
          }
          accepting={sending('changeQuantity')}
          refusal={refusal === 'pending' || refusal === 'inactive' ? refusal : null}
        />
      ) : sizing.isPending ? (
        <Skeleton lines={3} />
      ) : null}
      {sizing.data && mayPlan ? (
        // Where the lead and safety time of the suggestion are set (the location's Replenishment page).
        <Link to={paths.locationReplenishment.to(container.locationCode)}>{t('times.link')}</Link>
      ) : null}
      {history.data ? (
        <>
          {history.data.reachInWeeks !== undefined && history.data.reachInWeeks !== null ? (
            <p style={{ margin: 0 }}>
              {t('panel.reachToday', { reach: format.number(history.data.reachInWeeks) })}
            </p>
          ) : null}
          {history.data.stockOutDate !== undefined ? (
            <p style={{ margin: 0 }}>
              {history.data.stockOutDate
                ? t('panel.stockOut', { date: format.date(history.data.stockOutDate) })
                : t('panel.noStockOut')}
            </p>
          ) : null}
          <HistoryCharts history={history.data} />
        </>
      ) : history.isPending ? (
        <Skeleton height="180px" />
      ) : null}
    </section>
  );
}
