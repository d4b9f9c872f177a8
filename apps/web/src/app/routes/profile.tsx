import { useParams } from 'react-router-dom';
import { ProfilePage } from '../../features/profile/components/ProfilePage';

/** /profile/:id, only the own id (the route guard checks it). */
export function Component() {
  const { id = '' } = useParams();
  return <ProfilePage key={id} id={id} />;
}
