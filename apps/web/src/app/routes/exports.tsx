import { ExportsPage } from '../../features/admin/components/ExportsPage';

export function Component() {
  return <ExportsPage />;
}
