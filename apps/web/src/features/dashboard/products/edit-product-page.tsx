import { useQuery } from '@tanstack/react-query';
import type { Product } from '@bazaar/shared/products';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { Loader } from '../../../components/loader.tsx';
import { productQuery } from '../../../lib/product-query.ts';
import { useUpdateProduct } from './api/update-product.ts';
import { ProductForm } from './product-form.tsx';
import { productFormValues } from './product-form-values.ts';
import { useCanManageProduct } from './use-can-manage-product.ts';
import { buttonClass } from '../../../components/button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

function EditForm({ product }: { product: Product }) {
  const updateProduct = useUpdateProduct(product._id);
  const navigate = useNavigate();
  return (
    <ProductForm
      initialValues={productFormValues(product)}
      submitLabel="Update Product"
      pendingLabel="Updating product…"
      onSubmit={async ({ stock, ...changes }) => {
        // An unchanged stock is left out: orders placed while the form was open have taken from it since.
        await updateProduct.mutateAsync(stock === product.stock ? changes : { ...changes, stock });
        await navigate('/dashboard/products');
        toast.success('Product updated successfully');
      }}
    />
  );
}

function NotYours() {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl bg-amber-50 p-6 text-amber-900">
      <p className="font-medium">You can only edit your own products.</p>
      <Link to="/dashboard/products" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Back to Products
      </Link>
    </div>
  );
}

export function Component() {
  const id = useParams().id ?? '';
  const { data: product, error } = useQuery(productQuery(id));
  const permission = useCanManageProduct();
  // An unknown id (404) or a failed request shows the route's error page.
  if (error) throw error;

  return (
    <section aria-labelledby="edit-product-heading" className="flex flex-col gap-4">
      <PageTitle name="Edit Product" />
      <h1 id="edit-product-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Edit Product
      </h1>
      {!product || permission.isPending ? (
        <Loader label="Loading product…" />
      ) : permission.canManage(product) ? (
        // Keyed by id: another product's edit page starts from that product's values.
        <EditForm key={product._id} product={product} />
      ) : (
        <NotYours />
      )}
    </section>
  );
}
