import { Navigate, Outlet, useLocation } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { useSession } from './api/get-session.ts';

/** The dashboard's guard: signed-out visitors go to /login, which brings them back here afterwards. */
export function RequireSignIn() {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <Loader label="Checking your session…" />;
  if (!user) return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}
