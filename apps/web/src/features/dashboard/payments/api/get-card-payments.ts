import type { CardPayment, CardPaymentListQuery } from '@bazaar/shared/payments';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** The card payments Stripe confirmed (paid) or whose amount or currency was not what was asked (flagged), the latest first. */
export function useCardPayments(status: CardPaymentListQuery['status'], pageSize: number) {
  return usePagedList<CardPayment>({
    queryKey: queryKeys.payments.cards(status),
    path: '/api/payments/cards',
    params: { status },
    pageSize,
  });
}
