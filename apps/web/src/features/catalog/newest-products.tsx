import { discountedCents, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { useProducts } from './api/get-products.ts';

const NEWEST_COUNT = 12;

function ProductCard({ product }: { product: Product }) {
  const price = discountedCents(dollarsToCents(product.price), product.discount);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <img
        src={product.mainImage.url}
        alt={product.mainImage.alt}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium">{product.name}</h3>
        <p className="mt-auto font-semibold text-teal-700">{formatDollars(price)}</p>
      </div>
    </li>
  );
}

export function NewestProducts() {
  const products = useProducts({ limit: NEWEST_COUNT, sort: 'newest' });

  let content;
  if (products.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-gray-600">
        <span className="size-4 animate-spin rounded-full border-2 border-teal-600 border-t-transparent" />
        Loading products…
      </p>
    );
  } else if (products.isError) {
    content = (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-700">
        Could not load products: {products.error.message}
      </p>
    );
  } else if (products.data.length === 0) {
    content = <p className="text-gray-600">No products yet</p>;
  } else {
    content = (
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-6">
        {products.data.map((product) => (
          <ProductCard key={product._id} product={product} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="new-product-heading" className="flex flex-col gap-4">
      <h2 id="new-product-heading" className="text-2xl font-bold">
        New Product
      </h2>
      {content}
    </section>
  );
}
