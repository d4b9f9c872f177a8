import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LoginPage } from '../../features/auth/components/LoginPage';
import { isSignedIn, state } from '../../lib/store';
import { safeRedirect } from '../redirect';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const snap = useSnapshot(state);
  const redirectTo = safeRedirect(params.get('redirect'));
  // Already signed in (e.g. the back button): straight on.
  if (isSignedIn(snap)) return <Navigate to={redirectTo} replace />;
  return <LoginPage redirectTo={redirectTo} onSignedIn={(to) => navigate(to, { replace: true })} />;
}
