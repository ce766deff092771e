import type { Seller } from '@bazaar/shared/users';
import { useParams } from 'react-router';
import { RatingSummary } from '../../components/rating-summary.tsx';
import { FilteredProductList, PageHeading } from '../catalog/public.ts';
import { useSeller } from './api/get-seller.ts';

/** "November 2026": the month the account was made, as the shop's calendar (UTC) has it. */
const monthOf = (isoDate: string) =>
  new Date(isoDate).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function SellerFacts({ seller }: { seller: Seller }) {
  const noun = seller.productCount === 1 ? 'product' : 'products';
  return (
    <div className="flex flex-col gap-1">
      <RatingSummary rating={seller.rating} count={seller.reviewsCount} />
      <p className="text-sm text-gray-600">
        Member since {monthOf(seller.memberSince)} · {seller.productCount.toLocaleString('en-US')} {noun}
      </p>
    </div>
  );
}

/** The heading's place while the seller's facts load, as tall as they will be: nothing moves when they come. */
function SellerHeadingPlaceholder() {
  return (
    <PageHeading title={'\u00a0'} name="Seller">
      <p role="status" className="sr-only">
        Loading seller…
      </p>
      {/* The rating's line and the facts' line. */}
      <div className="flex flex-col gap-1" aria-hidden="true">
        <span className="h-6" />
        <span className="h-5" />
      </div>
    </PageHeading>
  );
}

export function Component() {
  const handle = useParams().handle ?? '';
  const { data: seller, error } = useSeller(handle);
  if (error) throw error;
  return (
    <>
      {seller ? (
        <PageHeading title={seller.name}>
          <SellerFacts seller={seller} />
        </PageHeading>
      ) : (
        <SellerHeadingPlaceholder />
      )}
      {/* Asked for beside the seller, not after: the products are what the page shows first. */}
      <FilteredProductList scope={{ seller: handle }} emptyTitle="No products yet" />
    </>
  );
}
