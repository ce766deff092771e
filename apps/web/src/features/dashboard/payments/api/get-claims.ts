import type { PaymentClaim, PaymentClaimListQuery } from '@bazaar/shared/payments';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** The bKash and Rocket payment claims in `status`: waiting ones the oldest first, decided ones the latest first. */
export function useClaims(status: PaymentClaimListQuery['status'], pageSize: number) {
  return usePagedList<PaymentClaim>({
    queryKey: queryKeys.payments.claims(status),
    path: '/api/payments',
    params: { status },
    pageSize,
  });
}
