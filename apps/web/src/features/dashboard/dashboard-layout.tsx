import { NavLink, Outlet } from 'react-router';
import { useViewer } from '../auth/public.ts';

const MENU = [
  { to: '/dashboard', label: 'Overview', end: true },
  { to: '/dashboard/add-products', label: 'Add Product' },
  { to: '/dashboard/products', label: 'Products' },
  { to: '/dashboard/orders', label: 'Orders' },
  { to: '/dashboard/sales', label: 'Sales' },
  { to: '/dashboard/customers', label: 'Customers' },
  { to: '/dashboard/reviews', label: 'Reviews' },
  { to: '/dashboard/earnings', label: 'Earnings' },
  { to: '/dashboard/payments', label: 'Payments', adminOnly: true },
  { to: '/dashboard/balances', label: "Sellers' balances", adminOnly: true },
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/', label: 'Home', end: true },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 ${
    isActive ? 'bg-teal-700 text-white' : 'text-gray-700 hover:bg-teal-50 hover:text-teal-800'
  }`;

/** The dashboard's frame: the side menu beside the page; on phones its tabs wrap above the page, every one in sight. */
export function Component() {
  const { isAdmin } = useViewer();
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label="Dashboard" className="md:w-48 md:shrink-0 print:hidden">
        <ul className="flex flex-wrap gap-1 rounded-xl bg-white p-2 shadow-sm md:sticky md:top-20 md:flex-col">
          {MENU.filter((item) => isAdmin || !('adminOnly' in item)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={'end' in item} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
