import { DashboardPage } from '../../features/dashboard/components/DashboardPage';

export function Component() {
  return <DashboardPage />;
}
