import { AdministrationPage } from '../../features/admin/components/AdministrationPage';

export function Component() {
  return <AdministrationPage />;
}
