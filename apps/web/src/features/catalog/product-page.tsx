import type { Product } from '@bazaar/shared/products';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ListState } from '../../components/list-state.tsx';
import { Loader } from '../../components/loader.tsx';
import { Price } from '../../components/price.tsx';
import { ProductGrid, ProductGridPlaceholder } from '../../components/product-grid.tsx';
import { Stars } from '../../components/stars.tsx';
import { StockLabel } from '../../components/stock-label.tsx';
import { useViewer } from '../auth/public.ts';
import { buyItemsActions, CHECKOUT_PATH } from '../cart/public.ts';
import { ProductReviews } from '../reviews/public.ts';
import { useProduct } from './api/get-product.ts';
import { ProductGallery } from './components/product-gallery.tsx';
import { useProducts } from './api/get-products.ts';
import { AddToCartBar, useAddToCart } from './components/add-to-cart-bar.tsx';
import { Button, textLinkClass } from '../../components/button.tsx';
import { PageTitle } from '../../components/page-title.tsx';

const JUST_FOR_YOU_COUNT = 6;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="min-w-36 font-medium text-gray-700">{term}</dt>
      <dd className="text-gray-900">{children}</dd>
    </div>
  );
}

/** Add to Cart and Buy Now; for the product's own seller, who cannot buy it, a word that it is theirs. */
function BuyButtons({ product }: { product: Product }) {
  const navigate = useNavigate();
  const { profile } = useViewer();
  const soldOut = product.stock === 0;

  const addToCart = useAddToCart(product);
  const buyNow = () => {
    buyItemsActions.set([{ productId: product._id, quantity: 1 }]);
    void navigate(CHECKOUT_PATH);
  };

  if (profile?.handle === product.seller.handle) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-teal-50 px-4 py-3">
        <p className="font-semibold text-teal-900">This is your product</p>
        <Link to={`/dashboard/edit-products/${product._id}`} className={textLinkClass}>
          Edit product
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button variant="outline" size="lg" className="flex-1" disabled={soldOut} onClick={addToCart}>
        Add to Cart
      </Button>
      <Button size="lg" className="flex-1" disabled={soldOut} onClick={buyNow}>
        Buy Now
      </Button>
    </div>
  );
}

function ProductDetails({ product }: { product: Product }) {
  return (
    <article className="grid gap-8 md:grid-cols-2">
      <PageTitle name={product.name} />
      <ProductGallery product={product} />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          {product.flash_sale && (
            <p className="w-fit rounded-full bg-rose-100 px-3 py-0.5 text-xs font-semibold text-rose-700">
              Flash Sale
            </p>
          )}
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{product.name}</h1>
          <p className="flex items-center gap-2 text-gray-600">
            <Stars rating={product.ratings} className="text-lg" />
            <span>
              ({product.reviews_count.toLocaleString('en-US')}{' '}
              {product.reviews_count === 1 ? 'review' : 'reviews'})
            </span>
          </p>
          <p className="text-sm text-gray-600">
            Sold by{' '}
            <Link to={`/seller/${encodeURIComponent(product.seller.handle)}`} className={textLinkClass}>
              {product.seller.name}
            </Link>
          </p>
        </div>

        <div className="flex flex-col gap-1">
          <Price price={product.price} discount={product.discount} className="text-2xl" />
          <StockLabel stock={product.stock} />
        </div>

        <p className="leading-relaxed text-gray-700">{product.description}</p>

        <dl className="flex flex-col gap-2 text-sm">
          <Detail term="Brand">{product.brand ?? 'N/A'}</Detail>
          <Detail term="Estimated delivery">{product.shipping_details.estimated_delivery ?? 'N/A'}</Detail>
        </dl>

        {product.colors.length > 0 && (
          <section aria-labelledby="colours-heading" className="flex flex-col gap-2">
            <h2 id="colours-heading" className="text-sm font-semibold text-gray-900">
              Colours
            </h2>
            <ul className="flex flex-wrap gap-2">
              {product.colors.map((color) => (
                <li
                  key={color}
                  className="flex items-center gap-2 rounded-full bg-white py-1 pr-3 pl-1 text-sm ring-1 ring-gray-200"
                >
                  {/* Colours are CSS colour names, e.g. "Navy"; the name beside the dot is what gets read. */}
                  <span
                    aria-hidden="true"
                    className="size-6 rounded-full ring-1 ring-black/15"
                    style={{ backgroundColor: color }}
                  />
                  {color}
                </li>
              ))}
            </ul>
          </section>
        )}

        {product.features.length > 0 && (
          <section aria-labelledby="features-heading" className="flex flex-col gap-2">
            <h2 id="features-heading" className="text-sm font-semibold text-gray-900">
              Features
            </h2>
            <ul className="flex flex-col gap-1.5 text-sm text-gray-700">
              {product.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="mt-0.5 size-4 shrink-0 fill-teal-600"
                  >
                    <path d="M8 13.2L4.8 10l-1.1 1.1L8 15.4l9-9-1.1-1.1z" />
                  </svg>
                  {feature}
                </li>
              ))}
            </ul>
          </section>
        )}

        <AddToCartBar product={product}>
          <BuyButtons product={product} />
        </AddToCartBar>
      </div>
    </article>
  );
}

function JustForYou({ excludeId }: { excludeId: string }) {
  // One extra, so that six remain when the current product is among them.
  const { data, error, refetch } = useProducts({ sort: 'random', limit: JUST_FOR_YOU_COUNT + 1 });
  const picks = data?.filter((product) => product._id !== excludeId).slice(0, JUST_FOR_YOU_COUNT);
  return (
    <section aria-labelledby="just-for-you-heading" className="mt-12">
      <h2
        id="just-for-you-heading"
        className="mb-4 text-xl font-bold tracking-tight text-gray-900 sm:text-2xl"
      >
        Just For You
      </h2>
      <ListState
        items={picks}
        error={error}
        onRetry={() => void refetch()}
        noun="products"
        emptyTitle="No products found"
        placeholder={<ProductGridPlaceholder count={JUST_FOR_YOU_COUNT} />}
      >
        {(products) => <ProductGrid products={products} />}
      </ListState>
    </section>
  );
}

export function Component() {
  const id = useParams().id ?? '';
  const { data: product, error } = useProduct(id);
  // An unknown id (404) or a failed request shows the route's error page.
  if (error) throw error;
  if (!product) return <Loader label="Loading product…" />;
  return (
    <>
      {/* Keyed by id: another product starts with its own main image selected. */}
      <ProductDetails key={product._id} product={product} />
      <ProductReviews product={product} />
      <JustForYou excludeId={product._id} />
    </>
  );
}
