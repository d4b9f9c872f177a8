import { ScannerPage } from '../../features/scanner/components/ScannerPage';

export function Component() {
  return <ScannerPage />;
}
