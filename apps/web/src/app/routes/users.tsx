import { UsersPage } from '../../features/admin/components/UsersPage';

export function Component() {
  return <UsersPage />;
}
