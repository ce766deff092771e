import type { Refund, RefundListQuery } from '@bazaar/shared/payments';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** What the shop owes its buyers back (due, the oldest first) or sent back (made, the latest first). */
export function useRefunds(status: RefundListQuery['status'], pageSize: number) {
  return usePagedList<Refund>({
    queryKey: queryKeys.payments.refunds(status),
    path: '/api/payments/refunds',
    params: { status },
    pageSize,
  });
}
