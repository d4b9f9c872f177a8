import { LegalPage } from '../../features/legal/components/LegalPage';

export function Component() {
  return <LegalPage kind="privacy" />;
}
