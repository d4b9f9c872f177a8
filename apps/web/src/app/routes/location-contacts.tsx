import { useParams } from 'react-router-dom';
import { LocationContactsPage } from '../../features/location/components/LocationContactsPage';

export function Component() {
  const { code = '' } = useParams();
  return <LocationContactsPage key={code} code={code} />;
}
