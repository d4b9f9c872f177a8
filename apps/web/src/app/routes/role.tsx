import { useParams } from 'react-router-dom';
import { RoleDetailPage } from '../../features/admin/components/RoleDetailPage';

/** /admin/role/:id; the id "new" creates a role. */
export function Component() {
  const { id = 'new' } = useParams();
  return <RoleDetailPage key={id} id={id} />;
}
