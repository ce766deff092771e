import type { Category } from '@bazaar/shared/categories';
import { Link } from 'react-router';

const gridClasses = 'grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 md:grid-cols-6';
const cardClasses =
  'flex h-full flex-col items-center gap-2 rounded-xl bg-white p-2 sm:p-3 shadow-sm ring-1 ring-gray-200';
const nameClasses = 'text-xs sm:text-sm';

/** Category cards (smaller than product cards: 3 a row on phones), each leading to the category's products at /search/{categoryName}. */
export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className={gridClasses}>
      {categories.map((category) => (
        <li key={category._id}>
          <Link
            to={`/search/${encodeURIComponent(category.categoryName)}`}
            className={`${cardClasses} group text-center transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700`}
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
            <span className={`${nameClasses} font-medium text-gray-900`}>{category.categoryName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The grid's place while `count` categories load. */
export function CategoryGridPlaceholder({ count }: { count: number }) {
  return (
    <div className={gridClasses}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden="true" className={cardClasses}>
          <div className="aspect-square w-full rounded-lg bg-gray-100" />
          <div className={`${nameClasses} h-[1lh] w-3/5 rounded bg-gray-100`} />
        </div>
      ))}
    </div>
  );
}
