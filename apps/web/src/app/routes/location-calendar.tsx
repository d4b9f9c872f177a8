import { useParams } from 'react-router-dom';
import { LocationCalendarPage } from '../../features/location/components/LocationCalendarPage';

export function Component() {
  const { code = '' } = useParams();
  return <LocationCalendarPage key={code} code={code} />;
}
