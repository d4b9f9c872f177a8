import { useParams } from 'react-router-dom';
import { UserDetailPage } from '../../features/admin/components/UserDetailPage';

/** /admin/user/:id and /admin/newUser. */
export function Component() {
  const { id } = useParams();
  return <UserDetailPage key={id ?? 'new'} id={id ?? null} />;
}
