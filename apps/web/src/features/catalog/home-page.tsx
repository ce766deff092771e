import type { ReactNode } from 'react';
import { ListState } from '../../components/list-state.tsx';
import { ProductGrid, ProductGridPlaceholder } from '../../components/product-grid.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionHeader } from '../../components/section-header.tsx';
import { Banner } from './components/banner.tsx';
import { CategoryGrid, CategoryGridPlaceholder } from './components/category-grid.tsx';
import { Countdown, soonestFlashSaleEnd } from './components/countdown.tsx';
import { useCategories } from './api/get-categories.ts';
import { useProducts, type GetProductsParams } from './api/get-products.ts';

const FLASH_SALE_COUNT = 6;
const CATEGORY_COUNT = 12;
const ONLY_FOR_YOU_COUNT = 12;
const NEW_PRODUCT_COUNT = 12;

const FAQ = [
  {
    question: 'Do you ship worldwide?',
    answer: 'Yes. We ship to every country in the world; the delivery time depends on where you are.',
  },
  {
    question: 'What does shipping cost?',
    answer:
      'Each seller ships their own products and sets their fee: $10.00 an order unless the seller says otherwise, and some ship free from an amount. Your cart shows each seller’s shipping, and the total includes it.',
  },
  {
    question: 'How long does delivery to the UK take?',
    answer: 'Orders to the United Kingdom arrive within 3-5 working days.',
  },
  {
    question: 'What is your return policy?',
    answer: 'You can return a product within 45 days of delivery for a full refund.',
  },
  {
    question: 'Can I exchange a product?',
    answer: 'No, we do not offer exchanges. Return the product for a refund and place a new order instead.',
  },
  {
    question: 'How can I pay?',
    answer: 'Choose cash on delivery, bKash or Rocket when you place your order.',
  },
] as const;

function HomeSection({
  id,
  title,
  viewMoreTo,
  aside,
  children,
}: {
  id: string;
  title: string;
  viewMoreTo: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} viewMoreTo={viewMoreTo}>
        {aside}
      </SectionHeader>
      {children}
    </section>
  );
}

function ProductsBlock({ params }: { params: GetProductsParams & { limit: number } }) {
  const { data, error, refetch } = useProducts(params);
  return (
    <ListState
      items={data}
      error={error}
      onRetry={() => void refetch()}
      noun="products"
      emptyTitle="No products found"
      placeholder={<ProductGridPlaceholder count={params.limit} />}
    >
      {(products) => <ProductGrid products={products} />}
    </ListState>
  );
}

const FLASH_SALE_PARAMS = { flash_sale: true, sort: 'newest', limit: FLASH_SALE_COUNT } as const;

/** Counts down to the soonest end of the flash sales the block shows, and reads the block again then. */
function FlashSaleCountdown() {
  // The block's own query (the same key): no second request.
  const { data, refetch } = useProducts(FLASH_SALE_PARAMS);
  return <Countdown label="Ending In" endsAt={soonestFlashSaleEnd(data)} onEnd={() => void refetch()} />;
}

function CategoriesBlock() {
  const { data, error, refetch } = useCategories({ sort: 'random', limit: CATEGORY_COUNT });
  return (
    <ListState
      items={data}
      error={error}
      onRetry={() => void refetch()}
      noun="categories"
      emptyTitle="No categories yet"
      placeholder={<CategoryGridPlaceholder count={CATEGORY_COUNT} />}
    >
      {(categories) => <CategoryGrid categories={categories} />}
    </ListState>
  );
}

export function HomePage() {
  return (
    <div className="flex flex-col gap-10">
      <PageTitle />
      <h1 className="sr-only">Bazaar: shop flash sales, new products and every category</h1>
      <Banner />

      <HomeSection
        id="flash-sale-heading"
        title="Flash Sale"
        viewMoreTo="/flash-sale"
        aside={<FlashSaleCountdown />}
      >
        <ProductsBlock params={FLASH_SALE_PARAMS} />
      </HomeSection>

      <HomeSection id="categories-heading" title="Categories" viewMoreTo="/categories-all">
        <CategoriesBlock />
      </HomeSection>

      <HomeSection id="only-for-you-heading" title="Only For You" viewMoreTo="/only-for-you">
        <ProductsBlock params={{ sort: 'random', limit: ONLY_FOR_YOU_COUNT }} />
      </HomeSection>

      <HomeSection id="new-product-heading" title="New Product" viewMoreTo="/new-product-page">
        <ProductsBlock params={{ sort: 'newest', limit: NEW_PRODUCT_COUNT }} />
      </HomeSection>

      <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl">
        <h2 id="faq-heading" className="mb-4 text-center text-xl font-bold tracking-tight sm:text-2xl">
          Frequently Asked Questions
        </h2>
        <div className="divide-y divide-gray-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          {FAQ.map(({ question, answer }) => (
            <details key={question} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700 [&::-webkit-details-marker]:hidden">
                {question}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-5 shrink-0 fill-none stroke-teal-700 stroke-2 transition-transform group-open:rotate-180"
                >
                  <path d="M5 7.5l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </summary>
              <p className="px-5 pb-4 text-gray-600">{answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
