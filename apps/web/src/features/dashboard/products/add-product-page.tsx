import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@bazaar/shared/products';
import { useCreateProduct } from './api/create-product.ts';
import { ProductForm } from './product-form.tsx';
import { EMPTY_PRODUCT_FORM } from './product-form-values.ts';
import { Button, buttonClass } from '../../../components/button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** Where the product just added went: its page, or another empty form. Takes the focus, so that it is read out. */
function ProductAdded({ product, onAddAnother }: { product: Product; onAddAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-xl bg-teal-50 p-6 text-teal-900">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Product added successfully
      </h2>
      <p className="break-words">
        <strong>{product.name}</strong> is in the shop now.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/product/${product._id}`} className={buttonClass()}>
          View product
        </Link>
        <Button variant="secondary" onClick={onAddAnother}>
          Add another product
        </Button>
      </div>
    </div>
  );
}

export function Component() {
  const createProduct = useCreateProduct();
  const [added, setAdded] = useState<Product | null>(null);
  return (
    <section aria-labelledby="add-product-heading" className="flex flex-col gap-4">
      <PageTitle name="Add Product" />
      <h1 id="add-product-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Add Product
      </h1>
      {added ? (
        <ProductAdded product={added} onAddAnother={() => setAdded(null)} />
      ) : (
        <ProductForm
          initialValues={EMPTY_PRODUCT_FORM}
          submitLabel="Add Product"
          pendingLabel="Adding product…"
          onSubmit={async (product) => setAdded(await createProduct.mutateAsync(product))}
        />
      )}
    </section>
  );
}
