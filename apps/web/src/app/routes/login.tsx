import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LoginPage } from '../../features/auth/components/LoginPage';
import { isSignedIn, state } from '../../lib/store';
import { safeRedirect } from '../redirect';
import { loadSignedInRoutes } from '../routes-config';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const snap = useSnapshot(state);
  const redirectTo = safeRedirect(params.get('redirect'));
  // Already signed in (e.g. the back button): straight on.
  if (isSignedIn(snap)) return <Navigate to={redirectTo} replace />;
  return (
    <LoginPage
      redirectTo={redirectTo}
      // The signed-in routes' table loads alongside the sign-in request, not after it.
      onSignInStart={() => void loadSignedInRoutes().catch(() => {})}
      onSignedIn={(to) => navigate(to, { replace: true })}
    />
  );
}
