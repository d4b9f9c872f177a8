import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LocationListsSections } from '../../features/lists/components/LocationListsSections';
import { LocationFrame } from '../../features/location/components/LocationFrame';

/** /location/:code/lists: the location's barcode and inventory lists inside the location's frame. */
export function Component() {
  const { code = '' } = useParams();
  const { t } = useTranslation('lists');
  return (
    <LocationFrame key={code} code={code} title={t('title')}>
      {(location) => <LocationListsSections locationCode={location.code} />}
    </LocationFrame>
  );
}
