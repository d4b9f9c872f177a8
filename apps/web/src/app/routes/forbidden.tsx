import { ForbiddenPage } from '../../features/errors/components/ForbiddenPage';

export function Component() {
  return <ForbiddenPage />;
}
