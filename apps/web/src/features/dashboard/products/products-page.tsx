import type { Product } from '@bazaar/shared/products';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Loader } from '../../../components/loader.tsx';
import { ProductCard } from '../../../components/product-card.tsx';
import { useViewer } from '../../auth/public.ts';
import { InfiniteProductList } from '../../catalog/public.ts';
import { useDeleteProduct } from './api/delete-product.ts';
import { useCanManageProduct } from './use-can-manage-product.ts';
import { Button, buttonClass } from '../../../components/button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

function SellerActions({ product, onDelete }: { product: Product; onDelete: () => void }) {
  return (
    <div className="flex gap-2">
      <Link
        to={`/dashboard/edit-products/${product._id}`}
        className={buttonClass({ size: 'sm', className: 'flex-1' })}
      >
        Edit<span className="sr-only"> {product.name}</span>
      </Link>
      <Button variant="danger-outline" size="sm" className="flex-1" onClick={onDelete}>
        Delete<span className="sr-only"> {product.name}</span>
      </Button>
    </div>
  );
}

/** Whose products the grid shows: the viewer's own (the default) or the whole catalog. */
function ScopeSwitch({ all, onChange }: { all: boolean; onChange: (all: boolean) => void }) {
  const choices = [
    { label: 'My products', value: false },
    { label: 'All products', value: true },
  ];
  return (
    <div role="group" aria-label="Products to show" className="flex gap-2">
      {choices.map(({ label, value }) => (
        <Button
          key={label}
          size="sm"
          variant={all === value ? 'primary' : 'secondary'}
          aria-pressed={all === value}
          onClick={() => onChange(value)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

export function Component() {
  const { canManage } = useCanManageProduct();
  const { profile, pending } = useViewer();
  const deleteProduct = useDeleteProduct();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  // In the address, so that Back from an edit form shows the same products.
  const [searchParams, setSearchParams] = useSearchParams();
  const all = searchParams.get('show') === 'all';
  const showAll = (value: boolean) => setSearchParams(value ? { show: 'all' } : {}, { replace: true });

  function confirmDelete(product: Product) {
    deleteProduct.mutate(product._id, {
      onSuccess: () => toast.success('Product deleted successfully'),
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <section aria-labelledby="products-heading" className="flex flex-col gap-4">
      <PageTitle name="Products" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 id="products-heading" className="text-2xl font-bold tracking-tight text-gray-900">
          Products
        </h1>
        <ScopeSwitch all={all} onChange={showAll} />
      </div>
      {pending ? (
        <Loader label="Loading products…" />
      ) : (
        <InfiniteProductList
          // Without a profile (it failed to load) there is no handle to ask for: the whole catalog shows.
          filter={all || !profile ? { sort: 'newest' } : { seller: profile.handle, sort: 'newest' }}
          emptyTitle={all ? undefined : 'You have no products yet'}
          renderGrid={(products) => (
            // Five columns on the dashboard (the public lists have six).
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-5">
              {products.map((product) => (
                <li key={product._id}>
                  <ProductCard product={product} headingLevel={2}>
                    {canManage(product) && (
                      <SellerActions product={product} onDelete={() => setToDelete(product)} />
                    )}
                  </ProductCard>
                </li>
              ))}
            </ul>
          )}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete product?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={deleteProduct.isPending}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        <p>{toDelete?.name ?? 'This product'} will be removed from the shop. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
