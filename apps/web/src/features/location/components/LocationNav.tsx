import { locationPagesFor } from '@falcon/api-client/lite';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SubNav } from '../../../components/SubNav';
import { paths } from '../../../config/paths';
import { state } from '../../../lib/store';

/**
 * Detail, contacts, gallery, appointments and (each with its permission, `locationPagesFor`) the lists,
 * replenishment, the protocol and the rack layout editing of one location.
 */
export function LocationNav({ code }: { code: string }) {
  const { t } = useTranslation(['location', 'lists']);
  const { session } = useSnapshot(state);
  const items = [
    { to: paths.location.to(code), label: t('nav.detail') },
    { to: paths.locationContacts.to(code), label: t('nav.contacts') },
    { to: paths.locationGallery.to(code), label: t('nav.gallery') },
    { to: paths.locationCalendar.to(code), label: t('nav.appointments') },
  ];
  const may = locationPagesFor(session?.permissions ?? []);
  if (may.lists) items.push({ to: paths.locationLists.to(code), label: t('title', { ns: 'lists' }) });
  if (may.replenishment)
    items.push({ to: paths.locationReplenishment.to(code), label: t('nav.replenishment') });
  if (may.protocol) items.push({ to: paths.locationProtocol.to(code), label: t('nav.protocol') });
  // Spec section 2: /locationupdate is the location screen with the rack layout editable (issue 13).
  if (may.editLayout) items.push({ to: paths.locationUpdate.to(code), label: t('nav.editLayout') });
  return <SubNav label={t('nav.label')} items={items} />;
}
