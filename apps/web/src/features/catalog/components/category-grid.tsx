import type { Category } from '@bazaar/shared/categories';
import { Link } from 'react-router';

/** Category cards (smaller than product cards: 3 a row on phones), each leading to the category's products at /search/{categoryName}. */
export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 md:grid-cols-6">
      {categories.map((category) => (
        <li key={category._id}>
          <Link
            to={`/search/${encodeURIComponent(category.categoryName)}`}
            className="group flex h-full flex-col items-center gap-2 rounded-xl bg-white p-2 text-center sm:p-3 shadow-sm ring-1 ring-gray-200 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            <img
              src={category.img}
              alt=""
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              className="aspect-square w-full rounded-lg object-cover transition-transform duration-300 group-hover:scale-105"
            />
            <span className="text-xs font-medium text-gray-900 sm:text-sm">{category.categoryName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
