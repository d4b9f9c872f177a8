import { useNavigate, useSearchParams } from 'react-router-dom';
import { CompanySignInCallback } from '../../features/auth/components/CompanySignInCallback';
import { safeRedirect } from '../redirect';

/** /login/sso: the company identity provider's way back (ADR 0064). */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <CompanySignInCallback
      query={params}
      onSignedIn={(to) => navigate(safeRedirect(to), { replace: true })}
    />
  );
}
