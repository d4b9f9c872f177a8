import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LocationFrame } from '../../features/location/components/LocationFrame';
import { LocationReplenishment } from '../../features/replenishment/components/LocationReplenishment';

/** /location/:code/replenishment: the location's reach bands over time and its suggested filling quantities. */
export function Component() {
  const { code = '' } = useParams();
  const { t } = useTranslation('replenishment');
  return (
    <LocationFrame key={code} code={code} title={t('page.title')}>
      {() => <LocationReplenishment code={code} />}
    </LocationFrame>
  );
}
