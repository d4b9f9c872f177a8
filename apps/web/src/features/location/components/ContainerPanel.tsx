import { EmptyState, Skeleton } from '@falcon/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContainerDetailSlots } from './ContainerDetail';

// The detail (fields, requests, documents, actions, labels) loads with the first chosen container, not with
// the location route (its size budget < 50 kB, issue 10).
const ContainerDetail = lazy(() => import('./ContainerDetail').then((m) => ({ default: m.ContainerDetail })));

interface ContainerPanelProps extends ContainerDetailSlots {
  containerId: string | null;
}

/** The chosen container's panel, or a hint to choose one. */
export function ContainerPanel({ containerId, ownRequests, history }: ContainerPanelProps) {
  const { t } = useTranslation(['location', 'messages']);
  if (!containerId) {
    // Spec section 5: 'please choose container' (in the location namespace: the eager one stays small).
    return <EmptyState title={t('panel.choose')} description={t('panel.chooseHint')} />;
  }
  return (
    <Suspense fallback={<Skeleton lines={8} />}>
      <ContainerDetail
        key={containerId}
        containerId={containerId}
        ownRequests={ownRequests}
        history={history}
      />
    </Suspense>
  );
}
