import { Link } from 'react-router';
import { CartIcon } from '../../components/cart-icon.tsx';
import { buttonClass } from '../../components/button.tsx';

/** What the cart shows when it holds nothing, with a way back to the shop. */
export function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-teal-50 text-teal-600">
        <CartIcon className="size-7" />
      </span>
      <h2 className="mt-2 text-xl font-semibold">No Product Cart Yet</h2>
      <p className="text-gray-600">Cart is Empty</p>
      <Link to="/" className={buttonClass({ className: 'mt-4' })}>
        Continue shopping
      </Link>
    </div>
  );
}
