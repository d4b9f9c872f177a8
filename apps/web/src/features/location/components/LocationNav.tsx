import { ACTION_PERMISSIONS, hasAll, hasAny } from '@falcon/api-client/lite';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SubNav } from '../../../components/SubNav';
import { WORKLIST_PERMISSION } from '../../../config/access';
import { paths } from '../../../config/paths';
import { state } from '../../../lib/store';

/** List permissions: whoever may upload or download a kind of list sees the location's Lists page. */
const LIST_PERMISSIONS = [
  ACTION_PERMISSIONS.uploadBarcodeLists,
  ACTION_PERMISSIONS.downloadBarcodeLists,
  ACTION_PERMISSIONS.uploadInventoryLists,
  ACTION_PERMISSIONS.transferInventoryList,
];

/**
 * Detail, contacts, gallery, appointments and (each with its permission) the lists, the protocol and the
 * rack layout editing of one location.
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
  const granted = session?.permissions ?? [];
  if (hasAny(granted, LIST_PERMISSIONS)) {
    items.push({ to: paths.locationLists.to(code), label: t('title', { ns: 'lists' }) });
  }
  if (hasAll(granted, [WORKLIST_PERMISSION])) {
    items.push({ to: paths.locationReplenishment.to(code), label: t('nav.replenishment') });
  }
  if (hasAll(granted, [ACTION_PERMISSIONS.viewLocationProtocolEntries])) {
    items.push({ to: paths.locationProtocol.to(code), label: t('nav.protocol') });
  }
  // Spec section 2: /locationupdate is the location screen with the rack layout editable (issue 13).
  if (hasAll(granted, [ACTION_PERMISSIONS.editRackLayout])) {
    items.push({ to: paths.locationUpdate.to(code), label: t('nav.editLayout') });
  }
  return <SubNav label={t('nav.label')} items={items} />;
}
