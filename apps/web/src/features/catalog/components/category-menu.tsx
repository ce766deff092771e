import { Link } from 'react-router';
import { ALL_CATEGORIES, useCategories } from '../api/get-categories.ts';

/** The shop's categories as a list of links, for the phone's menu: `linkClass` draws each as the menu's others. */
export function CategoryMenu({ linkClass }: { linkClass: string }) {
  const { data, error } = useCategories(ALL_CATEGORIES);
  return (
    <section
      aria-labelledby="menu-categories-heading"
      className="flex flex-col gap-1 border-t border-gray-100 pt-2 md:hidden"
    >
      <h2
        id="menu-categories-heading"
        className="px-3 pt-1 text-xs font-semibold tracking-wide text-gray-600 uppercase"
      >
        Categories
      </h2>
      {error && <p className="px-3 text-sm text-gray-600">The categories could not be loaded.</p>}
      {!data && !error && (
        <p role="status" className="px-3 text-sm text-gray-600">
          Loading categories…
        </p>
      )}
      {data && (
        <ul aria-labelledby="menu-categories-heading" className="grid grid-cols-2 gap-1">
          {data.map((category) => (
            <li key={category._id}>
              <Link
                to={`/search/${encodeURIComponent(category.categoryName)}`}
                className={`block ${linkClass}`}
              >
                {category.categoryName}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/categories-all" className={linkClass}>
        All Categories
      </Link>
    </section>
  );
}
