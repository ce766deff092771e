import { ResendLinkButton } from './resend-link-button.tsx';

/** Says where the confirmation link went, with a button that mails it again. */
export function VerificationLinkSent({ email, returnTo }: { email: string; returnTo: string }) {
  return (
    <>
      <p role="status" className="rounded-lg bg-teal-50 p-4 text-teal-900">
        We sent a link to <strong>{email}</strong>. Follow it to confirm your address: you will be signed in
        and brought back to where you were.
      </p>
      <p className="text-sm text-gray-600">
        No mail after a few minutes? Look in your spam folder, or ask for another link.
      </p>
      <ResendLinkButton email={email} returnTo={returnTo} />
    </>
  );
}
