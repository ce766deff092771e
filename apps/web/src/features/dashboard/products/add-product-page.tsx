import toast from 'react-hot-toast';
import { useCreateProduct } from './api/create-product.ts';
import { ProductForm } from './product-form.tsx';
import { EMPTY_PRODUCT_FORM } from './product-form-values.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export function Component() {
  const createProduct = useCreateProduct();
  return (
    <section aria-labelledby="add-product-heading" className="flex flex-col gap-4">
      <PageTitle name="Add Product" />
      <h1 id="add-product-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Add Product
      </h1>
      <ProductForm
        initialValues={EMPTY_PRODUCT_FORM}
        submitLabel="Add Product"
        pendingLabel="Adding product…"
        onSubmit={async (product) => {
          await createProduct.mutateAsync(product);
          toast.success('Product added successfully');
        }}
      />
    </section>
  );
}
