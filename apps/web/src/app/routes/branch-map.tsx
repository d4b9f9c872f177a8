import { useParams } from 'react-router-dom';
import { BranchMapPage } from '../../features/org/components/BranchMapPage';

export function Component() {
  const { code = '' } = useParams();
  return <BranchMapPage key={code} code={code} />;
}
