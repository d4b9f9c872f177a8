import type { Employee } from '@falcon/api-client';
import { EmptyState, Skeleton } from '@falcon/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { employeeQuery } from '../lib/queries';
import { ContactCard } from './ContactCard';
import { Grid } from './Stack';

const useEmployee = (key: string | null) => useQuery(employeeQuery(key));

/** The in-house staff and field service employees responsible for a concern, branch or location. */
export function EmployeeContacts({
  inHouseStaffKey,
  fieldServiceKey,
  extra,
}: {
  inHouseStaffKey: string | null;
  fieldServiceKey: string | null;
  /** Further contacts after the employees (e.g. a location's admins). */
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('org');
  const inHouse = useEmployee(inHouseStaffKey);
  const field = useEmployee(fieldServiceKey);
  const labels = { email: t('contacts.email'), phone: t('contacts.phone') };
  const card = (role: string, employee: Employee | undefined, loading: boolean) =>
    employee ? (
      <ContactCard
        role={role}
        name={employee.fullName}
        email={employee.email}
        phone={employee.phone}
        labels={labels}
      />
    ) : loading ? (
      <Skeleton height="120px" />
    ) : null;
  const none = !inHouseStaffKey && !fieldServiceKey && !extra;
  if (none) return <EmptyState title={t('contacts.none')} />;
  return (
    <Grid $min={280}>
      {card(t('contacts.inHouseStaff'), inHouse.data, inHouse.isFetching)}
      {card(t('contacts.fieldService'), field.data, field.isFetching)}
      {extra}
    </Grid>
  );
}
