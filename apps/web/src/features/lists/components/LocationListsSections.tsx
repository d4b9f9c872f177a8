import { ACTION_PERMISSIONS, hasAny } from '@falcon/api-client';
import { EmptyState, Tabs } from '@falcon/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { state } from '../../../lib/store';
import { BarcodeListsSection } from './BarcodeListsSection';
import { InventoryListsSection } from './InventoryListsSection';

/** Both list sections of one location (as tabs), for the /location/:code/lists page or the location screen. */
export function LocationListsSections({ locationCode }: { locationCode: string }) {
  const { t } = useTranslation('lists');
  const { session } = useSnapshot(state);
  const granted = session?.permissions ?? [];
  const inventory = hasAny(granted, [
    ACTION_PERMISSIONS.uploadInventoryLists,
    ACTION_PERMISSIONS.transferInventoryList,
  ]);
  const barcode = hasAny(granted, [
    ACTION_PERMISSIONS.uploadBarcodeLists,
    ACTION_PERMISSIONS.downloadBarcodeLists,
  ]);
  const [tab, setTab] = useState('barcode');
  if (!inventory && !barcode) return <EmptyState title={t('noPermission')} />;
  if (!inventory) return <BarcodeListsSection locationCode={locationCode} />;
  if (!barcode) return <InventoryListsSection locationCode={locationCode} />;
  // One list kind at a time: each has its paged table, and a page holds one paging landmark of a name.
  return (
    <Tabs
      label={t('title')}
      value={tab}
      onChange={setTab}
      tabs={[
        {
          id: 'barcode',
          label: t('barcode.title'),
          content: <BarcodeListsSection locationCode={locationCode} />,
        },
        {
          id: 'inventory',
          label: t('inventory.title'),
          content: <InventoryListsSection locationCode={locationCode} />,
        },
      ]}
    />
  );
}
