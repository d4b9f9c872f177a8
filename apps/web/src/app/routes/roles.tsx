import { RolesPage } from '../../features/admin/components/RolesPage';

export function Component() {
  return <RolesPage />;
}
