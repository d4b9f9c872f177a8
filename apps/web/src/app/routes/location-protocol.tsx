import { useParams } from 'react-router-dom';
import { LocationProtocolPage } from '../../features/location/components/LocationProtocolPage';

export function Component() {
  const { code = '' } = useParams();
  return <LocationProtocolPage key={code} code={code} />;
}
