import { Navigate, Outlet, useLocation } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { useSession } from './api/get-session.ts';
import { useSignInPurpose, type SignInPurpose } from './return-path.ts';

/**
 * The guard of signed-in pages: signed-out visitors go to /login, which brings them back here afterwards and says
 * what for when the page gives a `purpose`, or why the session ended when the page's location state says.
 */
export function RequireSignIn({ purpose: pagePurpose }: { purpose?: SignInPurpose }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const statedPurpose = useSignInPurpose();
  const purpose = pagePurpose ?? statedPurpose;
  if (isPending) return <Loader label="Checking your session…" />;
  if (!user) return <Navigate to="/login" state={{ from: location, ...(purpose && { purpose }) }} replace />;
  return <Outlet />;
}
