/** The e2e server's admin (ADMIN_EMAILS): register with this e-mail to act as the shop's admin. */
export const ADMIN_EMAIL = 'admin@bazaar.test';

/** A password that passes the shop's policy. */
export const TEST_PASSWORD = 'correct horse battery';

/** An e-mail address no other test uses. */
export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@bazaar.test`;
}
