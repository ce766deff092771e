import { useSession } from './api/get-session.ts';
import { ResendLinkButton } from './resend-link-button.tsx';

/** Whether the signed-in user's e-mail is confirmed; if not, a button that mails the link again. */
export function EmailVerificationStatus() {
  const { user } = useSession();
  if (!user) return null;
  if (user.emailVerified) {
    return (
      <span className="rounded-full bg-teal-50 px-2 py-0.5 text-sm font-medium text-teal-800">Verified</span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-3">
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-900">
        Not verified
      </span>
      <ResendLinkButton email={user.email} returnTo="/dashboard/profile" size="sm" />
    </span>
  );
}
