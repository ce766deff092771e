import { useNavigate } from 'react-router';
import { useSignOut } from './api/sign-out.ts';

export function LogoutButton({ className }: { className: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();

  async function logout() {
    // Imported here: the header is on every first page load, the toast library need not be.
    const { toast } = await import('react-hot-toast');
    // Leave first: a guarded page would otherwise send the user to /login as the session ends.
    await navigate('/');
    try {
      // Awaited here rather than in mutate's callbacks: this button is gone once the user is signed out.
      await signOut.mutateAsync();
      toast.success('You are logged out.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Logout failed.');
    }
  }

  return (
    <button type="button" disabled={signOut.isPending} className={className} onClick={() => void logout()}>
      Logout
    </button>
  );
}
