import { useTranslation } from 'react-i18next';
import { ContactCard } from '../../../components/ContactCard';
import { EmployeeContacts } from '../../../components/EmployeeContacts';
import { LocationFrame } from './LocationFrame';

/** The location's responsible employees (its own, else the branch's) and its admins. */
export function LocationContactsPage({ code }: { code: string }) {
  const { t } = useTranslation(['location', 'org']);
  return (
    <LocationFrame code={code} title={t('nav.contacts')}>
      {(location, admins) => (
        <EmployeeContacts
          inHouseStaffKey={location.inHouseStaffEmployeeKey ?? location.parentBranch.inHouseStaffEmployeeKey}
          fieldServiceKey={location.fieldServiceEmployeeKey ?? location.parentBranch.fieldServiceEmployeeKey}
          extra={(admins.data ?? []).map((admin) => (
            <ContactCard
              key={admin.userId}
              role={t('contacts.locationAdmin', { ns: 'org' })}
              name={admin.fullName}
              email={admin.email}
              phone={admin.phone}
              labels={{
                email: t('contacts.email', { ns: 'org' }),
                phone: t('contacts.phone', { ns: 'org' }),
              }}
            />
          ))}
        />
      )}
    </LocationFrame>
  );
}
