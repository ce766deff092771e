import { numberOrBlank } from '../../../lib/form-numbers.ts';
import { ProductCreateSchema, type Product, type ProductCreate } from '@bazaar/shared/products';
import type { FormSchema } from '../../../lib/field-errors.ts';

/** What the product form's inputs hold: texts as typed (lists comma separated) and the Flash Sale box. */
export interface ProductFormValues {
  name: string;
  price: string;
  description: string;
  discount: string;
  brand: string;
  stock: string;
  mainImage: string;
  images: string;
  features: string;
  colors: string;
  categories: string;
  estimated_delivery: string;
  flash_sale: boolean;
  /** When the flash sale ends, as a date-and-time input holds it (local time); blank: a day after saving. */
  flashSaleEndsAt: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  discount: '',
  brand: '',
  stock: '',
  mainImage: '',
  images: '',
  features: '',
  colors: '',
  categories: '',
  estimated_delivery: '',
  flash_sale: false,
  flashSaleEndsAt: '',
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a date-and-time input shows it: the browser's local time, to the minute. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  return (
    `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}` +
    `T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}

/** A date-and-time input's local time as the API takes it; what does not read as a time goes as typed. */
function isoTime(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

const LIST_SEPARATOR = ', ';

export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    description: product.description,
    discount: String(product.discount),
    brand: product.brand ?? '',
    stock: product.stock === null ? '' : String(product.stock),
    mainImage: product.mainImage.url,
    images: product.images.map((image) => image.url).join(LIST_SEPARATOR),
    features: product.features.join(LIST_SEPARATOR),
    colors: product.colors.join(LIST_SEPARATOR),
    categories: product.categories.join(LIST_SEPARATOR),
    estimated_delivery: product.shipping_details.estimated_delivery ?? '',
    flash_sale: product.flash_sale,
    flashSaleEndsAt: product.flashSaleEndsAt === null ? '' : localDateTime(product.flashSaleEndsAt),
  };
}

/** The items are trimmed and empty ones dropped by the schema. */
const commaList = (text: string) => text.split(',');

/** The product's pictures in the form, the main one first (when the form has one), as the photo list shows them. */
export function photosOf(values: Pick<ProductFormValues, 'mainImage' | 'images'>): string[] {
  return [values.mainImage, ...commaList(values.images)].map((url) => url.trim()).filter(Boolean);
}

/** The form's picture fields holding `photos`: the first is the main picture, the others follow in order. */
export function withPhotos(photos: readonly string[]): Pick<ProductFormValues, 'mainImage' | 'images'> {
  return { mainImage: photos[0] ?? '', images: photos.slice(1).join(LIST_SEPARATOR) };
}

/**
 * What to say beside the picture field `name` when the browser could not load one of its pictures (`unloadable`
 * holds their addresses): which one, and what to do.
 */
export function unloadablePictureMessage(
  name: keyof ProductFormValues,
  values: Pick<ProductFormValues, 'mainImage' | 'images'>,
  unloadable: ReadonlySet<string>,
): string | undefined {
  if (name === 'mainImage') {
    return unloadable.has(values.mainImage.trim())
      ? 'No picture could be loaded from this address. Check it, or add the photo from your device.'
      : undefined;
  }
  if (name !== 'images') return undefined;
  const urls = commaList(values.images)
    .map((url) => url.trim())
    .filter(Boolean);
  const failed = urls.findIndex((url) => unloadable.has(url));
  return failed === -1
    ? undefined
    : `Image ${failed + 1}: no picture could be loaded from this address. Check it, or add the photo from your device.`;
}

/** The form's values as the body the API takes, before the shared schema checks it. */
function productInput(values: ProductFormValues) {
  return {
    name: values.name,
    price: numberOrBlank(values.price),
    description: values.description,
    // A blank optional number means none of it, also when an edit clears the field.
    discount: numberOrBlank(values.discount) ?? 0,
    brand: values.brand,
    // Blank: the seller does not count this product's units, also when an edit clears the field.
    stock: numberOrBlank(values.stock) ?? null,
    flash_sale: values.flash_sale,
    // Only with a flash sale: unticked, the end the box held is dropped.
    flashSaleEndsAt: values.flash_sale ? isoTime(values.flashSaleEndsAt) : null,
    // Left blank, a new product gets a picture generated from its name and an edited one keeps its own.
    mainImage: values.mainImage.trim() || undefined,
    images: commaList(values.images),
    features: commaList(values.features),
    colors: commaList(values.colors),
    categories: commaList(values.categories),
    shipping_details: { estimated_delivery: values.estimated_delivery },
  };
}

/** The product form as the shared ProductCreateSchema checks it, and how its issues name the inputs. */
export const PRODUCT_FORM: FormSchema<ProductFormValues, ReturnType<typeof productInput>, ProductCreate> = {
  schema: ProductCreateSchema,
  toInput: productInput,
  aliases: { shipping_details: 'estimated_delivery' },
  itemNames: { images: 'Image', features: 'Feature', colors: 'Color', categories: 'Category' },
};
