import { ProtocolPage } from '../../features/admin/components/ProtocolPage';

export function Component() {
  return <ProtocolPage />;
}
