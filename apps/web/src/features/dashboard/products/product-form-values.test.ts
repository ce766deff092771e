import type { Product } from '@bazaar/shared/products';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { fieldErrors, parseForm, serverIssues } from '../../../lib/field-errors.ts';
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_FORM,
  photosOf,
  productFormValues,
  unloadablePictureMessage,
  withPhotos,
  type ProductFormValues,
} from './product-form-values.ts';

/** The product the form's values parse into; fails the test when the schema refuses them. */
function productOf(values: ProductFormValues) {
  const parsed = parseForm(PRODUCT_FORM, values);
  if (!parsed.valid) throw new Error(`refused: ${JSON.stringify(parsed.errors)}`);
  return parsed.output;
}

/** The messages by field for values the schema refuses; fails the test when it accepts them. */
function errorsOf(values: ProductFormValues) {
  const parsed = parseForm(PRODUCT_FORM, values);
  if (parsed.valid) throw new Error('accepted');
  return parsed.errors;
}

// A minute-exact end some days ahead: the form holds it to the minute.
const flashSaleEnd = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 24 * 60 * 60_000).toISOString();

const product: Product = {
  _id: '4b7b1a1e-0c1f-4a8e-9d55-0e5b8a3c2f10',
  name: 'Desk Lamp',
  price: 80.5,
  description: 'A warm lamp.',
  discount: 15,
  brand: null,
  ratings: 4.5,
  reviews_count: 12,
  flash_sale: true,
  flashSaleEndsAt: flashSaleEnd,
  mainImage: { url: 'https://cdn.example/lamp.png', alt: 'Desk Lamp' },
  images: [
    { url: 'https://cdn.example/lamp-2.png', alt: 'Desk Lamp' },
    { url: '/images/products/desk-lamp/3.svg', alt: 'Desk Lamp' },
  ],
  features: ['Dimmable', 'USB port'],
  colors: ['Navy', 'White'],
  categories: ['lighting', 'home office'],
  addedBy: 'sela-seller',
  seller: { handle: 'sela-seller', name: 'Sela Seller' },
  shipping_details: { estimated_delivery: null },
  stock: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('the product form values', () => {
  it('prefill an edit with lists joined by commas and missing texts blank', () => {
    const values = productFormValues(product);
    expect(values).toMatchObject({
      price: '80.5',
      brand: '',
      estimated_delivery: '',
      images: 'https://cdn.example/lamp-2.png, /images/products/desk-lamp/3.svg',
      categories: 'lighting, home office',
    });
  });

  it('parse back into the product they came from', () => {
    expect(productOf(productFormValues(product))).toEqual({
      name: 'Desk Lamp',
      price: 80.5,
      description: 'A warm lamp.',
      discount: 15,
      brand: null,
      stock: null,
      flash_sale: true,
      flashSaleEndsAt: flashSaleEnd,
      mainImage: 'https://cdn.example/lamp.png',
      images: ['https://cdn.example/lamp-2.png', '/images/products/desk-lamp/3.svg'],
      features: ['Dimmable', 'USB port'],
      colors: ['Navy', 'White'],
      categories: ['lighting', 'home office'],
      shipping_details: { estimated_delivery: null },
    });
  });

  it('read blank optional numbers as 0, and a blank main image as none', () => {
    const parsed = productOf({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '5' });
    expect(parsed).toMatchObject({ discount: 0, images: [] });
    expect(parsed.mainImage).toBeUndefined();
  });

  it('read a blank stock as not counted, and a number as the units there are', () => {
    expect(productOf({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '5' }).stock).toBeNull();
    expect(productOf({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '5', stock: '0' }).stock).toBe(0);
    expect(productFormValues({ ...product, stock: 3 }).stock).toBe('3');
    expect(productFormValues(product).stock).toBe('');
  });

  it('say what is wrong with a stock', () => {
    const stockError = (stock: string) => errorsOf({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '5', stock });
    expect(stockError('-1')).toEqual({ stock: "Stock can't be negative" });
    expect(stockError('2.5')).toEqual({ stock: 'Stock must be a whole number' });
  });

  it('name what is wrong by field, list items by position', () => {
    const errors = errorsOf({
      ...EMPTY_PRODUCT_FORM,
      discount: '12.5',
      colors: 'Red, ' + 'x'.repeat(51),
      images: 'https://cdn.example/a.png, ftp://cdn.example/b.png',
    });
    expect(errors).toEqual({
      name: 'Name is required',
      price: 'Price is required',
      discount: 'Discount is a whole percent',
      colors: 'Color 2: Use at most 50 characters',
      images: 'Image 2: Expected an http(s) image URL',
    });
  });

  it('say what a price that is no number is', () => {
    expect(errorsOf({ ...EMPTY_PRODUCT_FORM, name: 'Mug', price: 'abc' })).toEqual({
      price: 'Price must be a number',
    });
  });

  it('put the server’s validation details under the fields they name', () => {
    const refusal = new ApiRequestError(400, {
      error: 'VALIDATION_ERROR',
      message: 'Invalid body field "images.0": Expected an http(s) image URL',
      details: [
        { path: 'images.0', message: 'Expected an http(s) image URL' },
        { path: 'shipping_details.estimated_delivery', message: 'Too long' },
        { path: '', message: 'Unknown body field "colour"' },
      ],
    });
    expect(fieldErrors(EMPTY_PRODUCT_FORM, serverIssues(refusal), PRODUCT_FORM)).toEqual({
      images: 'Image 1: Expected an http(s) image URL',
      estimated_delivery: 'Too long',
    });
  });
});

describe('the photo list of the product form', () => {
  const a = 'https://shop.test/media/a/1280.webp';
  const b = 'https://shop.test/media/b/1280.webp';
  const c = 'https://elsewhere.test/c.jpg';

  it('is the main picture, then the other images in order, blanks left out', () => {
    expect(photosOf({ mainImage: ` ${a} `, images: `${b}, , ${c}` })).toEqual([a, b, c]);
    expect(photosOf({ mainImage: '', images: `${b}, ${c}` })).toEqual([b, c]);
    expect(photosOf({ mainImage: '', images: '' })).toEqual([]);
  });

  it('saves its first photo as the main picture and the others as images in order', () => {
    expect(withPhotos([c, a, b])).toEqual({ mainImage: c, images: `${a}, ${b}` });
    expect(withPhotos([a])).toEqual({ mainImage: a, images: '' });
    expect(withPhotos([])).toEqual({ mainImage: '', images: '' });
    const values = { ...EMPTY_PRODUCT_FORM, name: 'Mug', price: '5', ...withPhotos([b, c, a]) };
    expect(productOf(values)).toMatchObject({ mainImage: b, images: [c, a] });
  });
});

describe('the word beside a picture field whose picture does not load', () => {
  const values = {
    mainImage: ' https://a.example/main.jpg ',
    images: 'https://a.example/1.jpg, https://a.example/2.jpg',
  };

  it('names the field, and the image among several, that loaded nothing', () => {
    const unloadable = new Set(['https://a.example/main.jpg', 'https://a.example/2.jpg']);
    expect(unloadablePictureMessage('mainImage', values, unloadable)).toMatch(/^No picture could be loaded/);
    expect(unloadablePictureMessage('images', values, unloadable)).toMatch(
      /^Image 2: no picture could be loaded/,
    );
    expect(unloadablePictureMessage('name', values, unloadable)).toBeUndefined();
  });

  it('is gone once every picture of the field loads', () => {
    const unloadable = new Set(['https://a.example/gone.jpg']);
    expect(unloadablePictureMessage('mainImage', values, unloadable)).toBeUndefined();
    expect(unloadablePictureMessage('images', values, unloadable)).toBeUndefined();
  });
});
