import type { ApiError } from '@bazaar/shared/errors';
import { ProductCreateSchema, type Product, type ProductCreate } from '@bazaar/shared/products';

/** What the product form's inputs hold: texts as typed (lists comma separated) and the Flash Sale box. */
export interface ProductFormValues {
  name: string;
  price: string;
  description: string;
  discount: string;
  brand: string;
  ratings: string;
  reviews_count: string;
  mainImage: string;
  images: string;
  features: string;
  colors: string;
  categories: string;
  estimated_delivery: string;
  flash_sale: boolean;
}

export type ProductFormField = keyof ProductFormValues;
export type ProductFormErrors = Partial<Record<ProductFormField, string>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  discount: '',
  brand: '',
  ratings: '',
  reviews_count: '',
  mainImage: '',
  images: '',
  features: '',
  colors: '',
  categories: '',
  estimated_delivery: '',
  flash_sale: false,
};

const LIST_SEPARATOR = ', ';

export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    description: product.description,
    discount: String(product.discount),
    brand: product.brand ?? '',
    ratings: String(product.ratings),
    reviews_count: String(product.reviews_count),
    mainImage: product.mainImage.url,
    images: product.images.map((image) => image.url).join(LIST_SEPARATOR),
    features: product.features.join(LIST_SEPARATOR),
    colors: product.colors.join(LIST_SEPARATOR),
    categories: product.categories.join(LIST_SEPARATOR),
    estimated_delivery: product.shipping_details.estimated_delivery ?? '',
    flash_sale: product.flash_sale,
  };
}

/** A number input's text as a number; blank is undefined (a browser leaves non-numbers blank too). */
const numberOrBlank = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The items are trimmed and empty ones dropped by the schema. */
const commaList = (text: string) => text.split(',');

/** The form's values as the body the API takes, before the shared schema checks it. */
function productInput(values: ProductFormValues) {
  return {
    name: values.name,
    price: numberOrBlank(values.price),
    description: values.description,
    // A blank optional number means none of it, also when an edit clears the field.
    discount: numberOrBlank(values.discount) ?? 0,
    brand: values.brand,
    ratings: numberOrBlank(values.ratings) ?? 0,
    reviews_count: numberOrBlank(values.reviews_count) ?? 0,
    flash_sale: values.flash_sale,
    // Left blank, a new product gets a picture generated from its name and an edited one keeps its own.
    mainImage: values.mainImage.trim() || undefined,
    images: commaList(values.images),
    features: commaList(values.features),
    colors: commaList(values.colors),
    categories: commaList(values.categories),
    shipping_details: { estimated_delivery: values.estimated_delivery },
  };
}

const LIST_ITEM_NAMES: Partial<Record<ProductFormField, string>> = {
  images: 'Image',
  features: 'Feature',
  colors: 'Color',
  categories: 'Category',
};

/** The form field an issue's path names (`shipping_details.estimated_delivery` lives in its own input). */
function fieldOf(path: readonly PropertyKey[]): ProductFormField | undefined {
  const [first] = path;
  if (first === 'shipping_details') return 'estimated_delivery';
  return typeof first === 'string' && first in EMPTY_PRODUCT_FORM ? (first as ProductFormField) : undefined;
}

/** An issue's message as the form shows it under the field: list items are named by their position. */
function fieldMessage(field: ProductFormField, path: readonly PropertyKey[], message: string): string {
  const index = Number(path[1]);
  const item = LIST_ITEM_NAMES[field];
  return item && Number.isInteger(index) ? `${item} ${index + 1}: ${message}` : message;
}

/** The first issue per field; issues that name no field of the form are left out. */
function byField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ProductFormErrors {
  const errors: ProductFormErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = fieldMessage(field, issue.path, issue.message);
  }
  return errors;
}

/** The form's values parsed by the shared schema: the product to send, or what is wrong by field. */
export function parseProductForm(
  values: ProductFormValues,
): { product: ProductCreate; errors?: never } | { product?: never; errors: ProductFormErrors } {
  const result = ProductCreateSchema.safeParse(productInput(values));
  if (result.success) return { product: result.data };
  const errors = byField(
    result.error.issues.map((issue) => ({
      path: issue.path,
      // zod names the type it expected; the form says what to type.
      message:
        issue.code === 'invalid_type' && issue.path[0] === 'price'
          ? values.price.trim() === ''
            ? 'Price is required'
            : 'Price must be a number'
          : issue.message,
    })),
  );
  return { errors };
}

/** The server's validation details (`path` like `images.1`) by field. */
export function serverFieldErrors(details: ApiError['details']): ProductFormErrors {
  return byField((details ?? []).map((detail) => ({ ...detail, path: detail.path.split('.') })));
}
