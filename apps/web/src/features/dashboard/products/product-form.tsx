import type { ProductCreate } from '@bazaar/shared/products';
import { useState, type InputHTMLAttributes } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { usePictureUploads } from '../../../lib/use-picture-uploads.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  PRODUCT_FORM,
  photosOf,
  unloadablePictureMessage,
  withPhotos,
  type ProductFormValues,
} from './product-form-values.ts';
import { ProductPhotos } from './product-photos.tsx';

type TextFieldName = Exclude<keyof ProductFormValues, 'flash_sale' | 'description' | 'flashSaleEndsAt'>;

interface InputSpec {
  name: TextFieldName;
  label: string;
  input?: InputHTMLAttributes<HTMLInputElement>;
  hint?: string;
}

const NUMBER = { type: 'number', inputMode: 'decimal', min: 0 } as const;

const INPUTS_BEFORE_DESCRIPTION: InputSpec[] = [
  { name: 'name', label: 'Name', input: { autoComplete: 'off' } },
  { name: 'price', label: 'Price', input: { ...NUMBER, step: 0.01 }, hint: 'In dollars, e.g. 49.99' },
];

// In the Photos box: the pictures as URLs, for the ones already online.
const PICTURE_INPUTS: InputSpec[] = [
  {
    name: 'mainImage',
    label: 'Main image URL',
    input: { type: 'url', placeholder: 'https://…' },
    hint: 'Left blank, a new product gets a picture made from its name',
  },
  { name: 'images', label: 'Images', hint: 'Image URLs, comma separated' },
];

const INPUTS_AFTER_DESCRIPTION: InputSpec[] = [
  {
    name: 'discount',
    label: 'Discount',
    input: { ...NUMBER, inputMode: 'numeric', max: 100, step: 1, placeholder: 'e.g. 15' },
    hint: 'Percentage off the price',
  },
  {
    name: 'stock',
    label: 'Stock',
    input: { ...NUMBER, inputMode: 'numeric', step: 1, placeholder: 'Not counted' },
    hint: 'Units you have; leave blank not to count them',
  },
  { name: 'brand', label: 'Brand' },
  { name: 'features', label: 'Features', hint: 'Comma separated' },
  { name: 'colors', label: 'Colors', hint: 'Comma separated, e.g. Navy, White' },
  { name: 'categories', label: 'Categories', hint: 'Comma separated' },
  { name: 'estimated_delivery', label: 'Estimated delivery', input: { placeholder: 'e.g. 3-5 days' } },
];

/**
 * The add and edit form of a product. Values are checked with the shared ProductCreateSchema on blur and on
 * submit, and the server's validation details land under the same fields. After `onSubmit` succeeds the
 * form returns to `initialValues`; when it fails the form keeps what was typed and toasts the server's message.
 */
export function ProductForm({
  initialValues,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  initialValues: ProductFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (product: ProductCreate) => Promise<unknown>;
}) {
  const uploads = usePictureUploads();
  const { values, submitting, setValue, updateValues, reset, field, formProps } = useSchemaForm({
    ...PRODUCT_FORM,
    initialValues,
    // Saving waits for the photos on their way.
    canSubmit: !uploads.uploading,
    submit: async (_input, product) => {
      await onSubmit(product);
      reset();
      uploads.forgetRefused();
    },
  });
  // The pictures whose address the browser could not load a picture from (mistyped, gone, no picture).
  const [unloadable, setUnloadable] = useState<ReadonlySet<string>>(new Set());
  const markUnloadable = (url: string) => setUnloadable((urls) => new Set(urls).add(url));

  /** Changes the list of pictures: the first is the main one, the others follow in order. */
  function changePhotos(update: (photos: string[]) => string[]) {
    updateValues((current) => withPhotos(update(photosOf(current))));
  }
  /** Uploads photos; each one joins the end of the list once stored, or leads it while there is no main picture. */
  const addPhotos = (files: Iterable<File>) =>
    uploads.add(files, (url) =>
      updateValues((current) => {
        const photos = photosOf(current);
        return withPhotos(current.mainImage.trim() ? [...photos, url] : [url, ...photos]);
      }),
    );

  const textField = ({ name, label, input, hint }: InputSpec) => (
    <TextField key={name} label={label} hint={hint} {...field(name)} {...input} />
  );
  /** A picture field, with a word beside it when one of its pictures does not load. */
  const pictureField = (spec: InputSpec) => {
    const { error, ...bound } = field(spec.name);
    const failure = unloadablePictureMessage(spec.name, values, unloadable);
    return (
      <TextField
        key={spec.name}
        label={spec.label}
        hint={spec.hint}
        error={error ?? failure}
        {...bound}
        {...spec.input}
      />
    );
  };

  return (
    <form
      {...formProps}
      // The shared schema's messages replace the browser's own bubbles.
      noValidate
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6 md:grid-cols-2"
    >
      {INPUTS_BEFORE_DESCRIPTION.map(textField)}
      <TextAreaField label="Description" rows={4} className="md:col-span-2" {...field('description')} />
      <ProductPhotos
        photos={photosOf(values)}
        hasMain={values.mainImage.trim() !== ''}
        uploads={uploads}
        onFiles={addPhotos}
        onChange={changePhotos}
        unloadable={unloadable}
        onUnloadable={markUnloadable}
      >
        {PICTURE_INPUTS.map(pictureField)}
      </ProductPhotos>
      {INPUTS_AFTER_DESCRIPTION.map(textField)}
      <label className="flex items-center gap-2 self-end py-2 font-medium text-gray-800">
        <input
          type="checkbox"
          name="flash_sale"
          checked={values.flash_sale}
          onChange={(event) => setValue('flash_sale', event.target.checked)}
          className="size-5 accent-teal-700"
        />
        Flash Sale
      </label>
      {values.flash_sale && (
        <TextField
          label="Flash sale ends"
          type="datetime-local"
          hint="Left blank, the sale ends a day after you save"
          className="md:col-start-2"
          {...field('flashSaleEndsAt')}
        />
      )}
      <div className="md:col-span-2">
        <Button type="submit" aria-disabled={submitting || uploads.uploading} className="w-full sm:w-auto">
          {uploads.uploading ? 'Uploading photos…' : submitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
