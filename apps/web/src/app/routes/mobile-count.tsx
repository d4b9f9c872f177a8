import { useEffect } from 'react';
import { CountPage } from '../../features/stocktake/components/CountPage';
import { registerServiceWorker } from '../../lib/service-worker';

export function Component() {
  useEffect(registerServiceWorker, []);
  return <CountPage />;
}
