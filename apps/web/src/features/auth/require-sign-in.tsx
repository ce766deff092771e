import { Navigate, Outlet, useLocation } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { useSession } from './api/get-session.ts';
import type { SignInPurpose } from './return-path.ts';

/**
 * The guard of signed-in pages: signed-out visitors go to /login, which brings them back here afterwards and says
 * what for when the page gives a `purpose`.
 */
export function RequireSignIn({ purpose }: { purpose?: SignInPurpose }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <Loader label="Checking your session…" />;
  if (!user) return <Navigate to="/login" state={{ from: location, ...(purpose && { purpose }) }} replace />;
  return <Outlet />;
}
