import { NotFoundPage } from '../../features/errors/components/NotFoundPage';

export function Component() {
  return <NotFoundPage />;
}
