import { useParams } from 'react-router-dom';
import { ConcernPage } from '../../features/org/components/ConcernPages';

export function Component() {
  const { code = '' } = useParams();
  return <ConcernPage key={code} code={code} />;
}
