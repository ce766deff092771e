import { Link } from 'react-router';
import type { Order } from '@bazaar/shared/orders';
import { textLinkClass } from '../../../components/button.tsx';
import { FulfilmentProgress, OrderStatusBadge } from '../../../components/order-status.tsx';
import { linesOf } from './part-lines.ts';

/**
 * Each seller's part of an order and how far it has come, as each seller ships their own; shown when more than
 * one seller has a part (one seller's progress is the order's status).
 */
export function SellerProgress({ order }: { order: Order }) {
  if (order.parts.length < 2) return null;
  return (
    <ul aria-label="Progress by seller" className="mt-3 flex min-w-56 flex-col gap-2">
      {order.parts.map((part, position) => {
        const { seller, status } = part;
        const name = seller?.name ?? 'A closed shop';
        return (
          <li key={position} className="flex flex-col gap-1.5 rounded-lg bg-gray-50 p-2">
            <div className="flex items-center justify-between gap-2">
              {seller ? (
                <Link to={`/seller/${seller.handle}`} className={textLinkClass}>
                  {name}
                </Link>
              ) : (
                <span className="font-medium text-gray-900">{name}</span>
              )}
              <OrderStatusBadge status={status} />
            </div>
            <p className="text-xs text-gray-600">
              {linesOf(order.products, part)
                .map((line) => line.name)
                .join(', ')}
            </p>
            <FulfilmentProgress status={status} label={`Progress of ${name}'s part`} />
          </li>
        );
      })}
    </ul>
  );
}
