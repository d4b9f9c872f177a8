import { WorklistPage } from '../../features/replenishment/components/WorklistPage';

/** /worklist: the reorder worklist across the user's scope. */
export function Component() {
  return <WorklistPage />;
}
