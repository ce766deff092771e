import { mailBody, type OutgoingMail } from '../mail/mail.module.ts';

/** How long a reset link works: long enough to reach the inbox, short enough that an old mail is harmless. */
export const RESET_LINK_SECONDS = 60 * 60;
/** How long a verification link works. */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/** The mail with a one-time link to the web app's page that chooses a new password. */
export function resetPasswordMail(publicUrl: string, to: string, token: string): OutgoingMail {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    kind: 'reset-password',
    to,
    subject: 'Choose a new Bazaar password',
    ...mailBody({
      heading: 'Choose a new password',
      paragraphs: [
        'Someone asked to reset the password of your Bazaar account. If it was you, follow the link below: it works once, within an hour.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url },
    }),
  };
}

/** The mail whose link proves the address belongs to the account; it lands on the profile. */
export function verifyEmailMail(publicUrl: string, to: string, token: string): OutgoingMail {
  const url = `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/dashboard/profile')}`;
  return {
    kind: 'verify-email',
    to,
    subject: 'Confirm your e-mail for Bazaar',
    ...mailBody({
      heading: 'Confirm your e-mail',
      paragraphs: [
        'Follow the link below to confirm that this address belongs to your Bazaar account. It works for a day.',
        'If you did not register at Bazaar, ignore this mail.',
      ],
      action: { label: 'Confirm my e-mail', url },
    }),
  };
}
