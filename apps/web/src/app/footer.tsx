import { Link } from 'react-router';

interface FooterLink {
  label: string;
  to: string;
}

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Services',
    links: [
      { label: 'Flash Sale', to: '/flash-sale' },
      { label: 'New Products', to: '/new-product-page' },
      { label: 'All Categories', to: '/categories-all' },
      { label: 'Only For You', to: '/only-for-you' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About us', to: '/about' },
      { label: 'Our Mission', to: '/about#mission' },
      { label: 'Contact Us', to: '/about#contact' },
      { label: 'Sell on Bazaar', to: '/dashboard/add-products' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of use', to: '/about#terms' },
      { label: 'Privacy policy', to: '/about#privacy' },
      { label: 'Cookie policy', to: '/about#cookies' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-12 bg-gray-900 text-gray-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-2xl font-extrabold tracking-tight text-white">Bazaar</p>
          <p className="mt-2 max-w-xs text-sm text-gray-400">
            Everyday goods at fair prices, shipped worldwide from sellers you can trust.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2
              id={`footer-${column.title}`}
              className="text-sm font-semibold tracking-wider text-white uppercase"
            >
              {column.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="rounded text-sm text-gray-300 transition hover:text-teal-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400">
        © {new Date().getFullYear()} Bazaar. Prices in US dollars.
      </p>
    </footer>
  );
}
