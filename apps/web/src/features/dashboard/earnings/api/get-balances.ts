import type { SellerBalance } from '@bazaar/shared/earnings';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** Every seller with a ledger or payout details, the most owed first (admins). */
export function useBalances(pageSize: number) {
  return usePagedList<SellerBalance>({
    queryKey: queryKeys.earnings.balances,
    path: '/api/balances',
    pageSize,
  });
}
