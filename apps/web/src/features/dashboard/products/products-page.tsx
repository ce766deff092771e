import type { Product } from '@bazaar/shared/products';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ProductCard } from '../../../components/product-card.tsx';
import { InfiniteProductList } from '../../catalog/public.ts';
import { useDeleteProduct } from './api/delete-product.ts';
import { useCanManageProduct } from './use-can-manage-product.ts';
import { Button, buttonClass } from '../../../components/button.tsx';

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

export function Component() {
  const { canManage } = useCanManageProduct();
  const deleteProduct = useDeleteProduct();
  const [toDelete, setToDelete] = useState<Product | null>(null);

  function confirmDelete(product: Product) {
    deleteProduct.mutate(product._id, {
      onSuccess: () => toast.success('Product deleted successfully'),
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <section aria-labelledby="products-heading" className="flex flex-col gap-4">
      <title>Products · Bazaar</title>
      <h1 id="products-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Products
      </h1>
      <InfiniteProductList
        filter={{ sort: 'newest' }}
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
