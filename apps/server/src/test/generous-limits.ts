/**
 * The limits a test raises: its clients sign up, sign in and write from one address far faster than people do.
 * Tests of a limit lower it again.
 */
export const GENEROUS_LIMITS: Record<string, string> = {
  AUTH_RATE_LIMIT_MAX: '1000000',
  PRODUCT_WRITES_PER_HOUR: '1000000',
  ORDERS_PER_HOUR: '1000000',
  WRITES_PER_HOUR: '1000000',
};
