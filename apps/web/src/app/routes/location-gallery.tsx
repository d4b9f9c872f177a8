import { useParams } from 'react-router-dom';
import { LocationGalleryPage } from '../../features/location/components/LocationGalleryPage';

export function Component() {
  const { code = '' } = useParams();
  return <LocationGalleryPage key={code} code={code} />;
}
