import type { Seller } from '@bazaar/shared/users';
import { useParams } from 'react-router';
import { Loader } from '../../components/loader.tsx';
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

export function Component() {
  const handle = useParams().handle ?? '';
  const { data: seller, error } = useSeller(handle);
  // An unknown handle (404) or a failed request shows the route's error page.
  if (error) throw error;
  if (!seller) return <Loader label="Loading seller…" />;
  return (
    <>
      <PageHeading title={seller.name}>
        <SellerFacts seller={seller} />
      </PageHeading>
      <FilteredProductList scope={{ seller: seller.handle }} emptyTitle="No products yet" />
    </>
  );
}
