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

/**
 * The mail to an account's owner once its password was changed or reset: whoever did it may not be them, and the
 * link lets the owner take the account back (a reset ends every session).
 */
export function passwordChangedMail(publicUrl: string, to: string): OutgoingMail {
  return {
    kind: 'password-changed',
    to,
    subject: 'Your Bazaar password was changed',
    ...mailBody({
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your Bazaar account was just changed, and every other device signed in to it was signed out.',
        'If this was not you, choose a new password now with the link below: it signs out whoever changed it.',
      ],
      action: { label: 'Reset my password', url: `${publicUrl}/forgot-password` },
    }),
  };
}

/**
 * The web app's page a verification link opens: it says which address the link confirms and asks for the password
 * it was registered with, or a new one, then signs in and goes on to `next`.
 */
const VERIFIED_PAGE = '/email-verified';

/** The confirmation page of `token`, as a path of the shop: the mail's link, and where old links are sent. */
export function confirmationPath(token: string, next: string): string {
  return `${VERIFIED_PAGE}?${new URLSearchParams({ token, next }).toString()}`;
}

/**
 * The page to return to that a link to Better Auth's own verify-email carried: its `callbackURL` was the verified
 * page with `?next=` (or, from an older shop, the path itself).
 */
export function nextOfCallback(callbackURL: unknown): string {
  if (typeof callbackURL !== 'string') return '/';
  const inner = callbackURL.startsWith(VERIFIED_PAGE)
    ? (new URL(callbackURL, 'http://shop.invalid').searchParams.get('next') ?? '/')
    : callbackURL;
  return shopPath(inner);
}

/** `path` when it is a path of the shop itself, other than the verified page; else the home page. */
function shopPath(path: string): string {
  // "//host" and "/\\host" are other sites to a browser.
  return /^\/(?![/\\])/.test(path) && !path.startsWith(VERIFIED_PAGE) ? path : '/';
}

/**
 * Where to go once the e-mail is confirmed: the path the verifying page asked for (Better Auth puts it in its
 * link as `callbackURL`), when it is a path of the shop itself; else the home page.
 */
export function returnPathOf(betterAuthLink: string): string {
  return shopPath(new URL(betterAuthLink).searchParams.get('callbackURL') ?? '/');
}

/**
 * The mail whose link, with the account's password, proves the address belongs to the account: it opens the web
 * app's confirmation page, then `next`.
 */
export function verifyEmailMail(publicUrl: string, to: string, token: string, next: string): OutgoingMail {
  const url = `${publicUrl}${confirmationPath(token, next)}`;
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

/**
 * The mail to an account's owner when someone registers with their address: the registration itself answered
 * as for a new account, so that it reveals nothing about who has one.
 */
export function existingAccountMail(publicUrl: string, to: string): OutgoingMail {
  return {
    kind: 'existing-account',
    to,
    subject: 'Someone tried to register with your address at Bazaar',
    ...mailBody({
      heading: 'You already have an account',
      paragraphs: [
        'Someone, perhaps you, tried to create a Bazaar account with this e-mail address, which already has one. No new account was made.',
        `If it was you, log in instead. Forgot your password? Choose a new one at ${publicUrl}/forgot-password.`,
        'If it was not you, ignore this mail: your account is unchanged.',
      ],
      action: { label: 'Log in', url: `${publicUrl}/login` },
    }),
  };
}
