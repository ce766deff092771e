import { lazy, Suspense, useState } from 'react';
import { CartIcon } from '../components/cart-icon.tsx';
import { ShopMark } from '../components/shop-logo.tsx';
import { Link, NavLink, useLocation } from 'react-router';
import { LogoutButton } from '../features/auth/logout-button.tsx';
import { ProfileAvatarLink } from '../features/auth/profile-avatar-link.tsx';
import { useAuthLinkState } from '../features/auth/return-path.ts';
import { useTokenSync } from '../features/auth/use-token-sync.ts';
import { useViewer } from '../features/auth/use-viewer.ts';
import { CHECKOUT_PATH, useCartItems } from '../features/cart/cart-store.ts';
import { SearchBox } from '../features/search/search-box.tsx';

// The phone menu's categories load with it, when it is first opened.
const CategoryMenu = lazy(() =>
  import('../features/catalog/components/category-menu.tsx').then((module) => ({
    default: module.CategoryMenu,
  })),
);

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
const navItemClass = `rounded-lg px-3 py-2 text-left font-medium text-gray-700 transition hover:bg-teal-50 hover:text-teal-800 ${focusRing}`;
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${navItemClass} ${isActive ? 'bg-teal-50 text-teal-800' : ''}`;

function CartLink() {
  const count = Object.keys(useCartItems()).length;
  return (
    <Link
      to="/cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'product' : 'products'}`}
      className={`relative flex size-10 items-center justify-center rounded-full text-gray-700 transition hover:bg-teal-50 hover:text-teal-800 ${focusRing}`}
    >
      <CartIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-teal-700 px-1 text-xs font-bold text-white ring-2 ring-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="size-6"
    >
      {open ? (
        <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
      )}
    </svg>
  );
}

export function Header() {
  const { user, profile, pending } = useViewer();
  useTokenSync(user, pending);
  const location = useLocation();
  const authLinkState = useAuthLinkState();
  const authLinkClass = (state: { isActive: boolean }) =>
    `${navLinkClass(state)} ${pending ? 'invisible' : ''}`;
  // Checkout's address is under /dashboard, but it is the buyer's page: no part of the dashboard.
  const atCheckout = location.pathname === CHECKOUT_PATH;
  // The phone menu belongs to the page it was opened on: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;

  return (
    <header className="relative z-30 border-b border-gray-200 bg-white shadow-sm print:hidden">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-teal-700 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-3 md:flex-nowrap md:gap-x-5">
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpenOn(menuOpen ? null : location.key)}
          className={`flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-teal-50 md:hidden ${focusRing}`}
        >
          <MenuIcon open={menuOpen} />
          <span className="sr-only">Menu</span>
        </button>

        <Link
          to="/"
          className={`flex items-center gap-2 rounded-lg text-2xl font-extrabold tracking-tight text-teal-700 ${focusRing}`}
        >
          <ShopMark />
          Bazaar
        </Link>

        <nav
          id="main-nav"
          aria-label="Main"
          className={`${menuOpen ? 'flex' : 'hidden'} order-last w-full flex-col gap-1 border-t border-gray-100 pt-2 md:order-none md:flex md:w-auto md:flex-row md:items-center md:border-0 md:pt-0`}
        >
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
          {/* Kept in place, unseen, while the session loads, so that the search box beside does not move. */}
          {!user && (
            <>
              <NavLink to="/login" state={authLinkState} className={authLinkClass}>
                Login
              </NavLink>
              <NavLink to="/register" state={authLinkState} className={authLinkClass}>
                Register
              </NavLink>
            </>
          )}
          {user && (
            <>
              <NavLink
                to="/dashboard"
                className={({ isActive }) => navLinkClass({ isActive: isActive && !atCheckout })}
                aria-current={atCheckout ? false : 'page'}
              >
                Dashboard
              </NavLink>
              <LogoutButton className={navItemClass} />
            </>
          )}
          {menuOpen && (
            <Suspense>
              <CategoryMenu linkClass={navItemClass} />
            </Suspense>
          )}
        </nav>

        <SearchBox className="order-5 w-full md:order-none md:min-w-0 md:flex-1" />

        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <CartLink />
          {user && <ProfileAvatarLink user={user} profile={profile} />}
        </div>
      </div>
    </header>
  );
}
