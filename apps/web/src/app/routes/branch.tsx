import { hasAll } from '@falcon/api-client/lite';
import { Skeleton } from '@falcon/ui';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { WORKLIST_PERMISSION } from '../../config/access';
import { paths } from '../../config/paths';
import { ContainerSearch } from '../../features/location/components/ContainerSearch';
import { BranchPage } from '../../features/org/components/BranchPages';
import { loadNamespaces } from '../../lib/i18n';
import { state } from '../../lib/store';

// The branch's default lead and safety time load after the page, with their translations: they are for
// the few who plan replenishment, not for every visit of the branch (the route's size budget, ADR 0025).
const ReplenishmentTimes = lazy(() =>
  Promise.all([
    import('../../features/replenishment/components/ReplenishmentTimes'),
    loadNamespaces(['replenishment']),
  ]).then(([module]) => ({ default: module.ReplenishmentTimes })),
);

/**
 * /branch/:code: its locations, its default lead and safety time (for whoever sees reaches, like the
 * replenishment pages) and a container search over the whole branch (with Excel export).
 */
export function Component() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const { session } = useSnapshot(state);
  const replenishment = hasAll(session?.permissions ?? [], [WORKLIST_PERMISSION]);
  return (
    <BranchPage
      key={code}
      code={code}
      settings={
        replenishment ? (
          <Suspense fallback={<Skeleton height="160px" />}>
            <ReplenishmentTimes level="branch" code={code} />
          </Suspense>
        ) : null
      }
      search={
        <ContainerSearch
          scope="branch"
          code={code}
          onSelect={(container) => navigate(paths.location.to(container.locationCode, container.id))}
        />
      }
    />
  );
}
