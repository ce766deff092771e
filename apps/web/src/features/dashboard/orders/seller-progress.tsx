import { Link } from 'react-router';
import type { Order, OrderLine } from '@bazaar/shared/orders';
import { orderStatusOf } from '@bazaar/shared/order-status';
import { textLinkClass } from '../../../components/button.tsx';
import { FulfilmentProgress, OrderStatusBadge } from '../../../components/order-status.tsx';

/** One seller's lines of an order; `seller` null once their account is gone. */
interface Part {
  key: string;
  seller: OrderLine['seller'];
  lines: OrderLine[];
}

function partsOf(order: Order): Part[] {
  const parts = new Map<string, Part>();
  for (const line of order.products) {
    const key = line.seller?.handle ?? '';
    const part = parts.get(key) ?? { key, seller: line.seller, lines: [] };
    part.lines.push(line);
    parts.set(key, part);
  }
  return [...parts.values()];
}

/**
 * Each seller's part of an order and how far it has come, as each seller ships their own; shown when more than
 * one seller has a part (one seller's progress is the order's status).
 */
export function SellerProgress({ order }: { order: Order }) {
  const parts = partsOf(order);
  if (parts.length < 2) return null;
  return (
    <ul aria-label="Progress by seller" className="mt-3 flex min-w-56 flex-col gap-2">
      {parts.map(({ key, seller, lines }) => {
        const status = orderStatusOf(lines.map((line) => line.status));
        const name = seller?.name ?? 'A closed shop';
        return (
          <li key={key} className="flex flex-col gap-1.5 rounded-lg bg-gray-50 p-2">
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
            <p className="text-xs text-gray-600">{lines.map((line) => line.name).join(', ')}</p>
            <FulfilmentProgress status={status} label={`Progress of ${name}'s part`} />
          </li>
        );
      })}
    </ul>
  );
}
