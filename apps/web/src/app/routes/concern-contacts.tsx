import { useParams } from 'react-router-dom';
import { ConcernContactsPage } from '../../features/org/components/ConcernPages';

export function Component() {
  const { code = '' } = useParams();
  return <ConcernContactsPage key={code} code={code} />;
}
