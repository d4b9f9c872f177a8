import { useEffect } from 'react';
import { ScannerPage } from '../../features/scanner/components/ScannerPage';
import { registerServiceWorker } from '../../lib/service-worker';

export function Component() {
  useEffect(registerServiceWorker, []);
  return <ScannerPage />;
}
