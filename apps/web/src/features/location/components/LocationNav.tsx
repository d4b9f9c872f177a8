import { ACTION_PERMISSIONS, hasAll } from '@falcon/api-client/lite';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SubNav } from '../../../components/SubNav';
import { paths } from '../../../config/paths';
import { state } from '../../../lib/store';

/** Detail, contacts, gallery, appointments and (with its permission) the protocol of one location. */
export function LocationNav({ code }: { code: string }) {
  const { t } = useTranslation('location');
  const { session } = useSnapshot(state);
  const items = [
    { to: paths.location.to(code), label: t('nav.detail') },
    { to: paths.locationContacts.to(code), label: t('nav.contacts') },
    { to: paths.locationGallery.to(code), label: t('nav.gallery') },
    { to: paths.locationCalendar.to(code), label: t('nav.appointments') },
  ];
  if (hasAll(session?.permissions ?? [], [ACTION_PERMISSIONS.viewLocationProtocolEntries])) {
    items.push({ to: paths.locationProtocol.to(code), label: t('nav.protocol') });
  }
  return <SubNav label={t('nav.label')} items={items} />;
}
