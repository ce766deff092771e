import { formatWireDollars } from '@bazaar/shared/pricing';

/** A signed amount of a ledger: a credit in teal with its +, a debit in the usual colour with its −. */
export function SignedAmount({ dollars }: { dollars: number }) {
  return dollars > 0 ? (
    <span className="font-medium text-teal-800">+{formatWireDollars(dollars)}</span>
  ) : (
    <span>{formatWireDollars(dollars)}</span>
  );
}
