import { useParams } from 'react-router-dom';
import { BranchContactsPage } from '../../features/org/components/BranchPages';

export function Component() {
  const { code = '' } = useParams();
  return <BranchContactsPage key={code} code={code} />;
}
