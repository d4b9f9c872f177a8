import { useParams } from 'react-router-dom';
import { ConcernSsoPage } from '../../features/admin/components/ConcernSsoPage';

/** /admin/concern/:code/sso: the concern's single sign-on (administrators). */
export function Component() {
  const { code = '' } = useParams();
  return <ConcernSsoPage key={code} code={code} />;
}
