/** The e2e server's admin (ADMIN_EMAILS), registered and verified before the shop starts (start-shop.ts). */
export const ADMIN_EMAIL = 'admin@bazaar.test';

/** A password that passes the shop's policy. */
export const TEST_PASSWORD = 'correct horse battery';

/** An e-mail address no other test uses. */
export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@bazaar.test`;
}
