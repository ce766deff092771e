import toast from 'react-hot-toast';
import { PAYOUT_METHOD_NAMES, PAYOUT_METHODS, type PayoutMethod } from '@bazaar/shared/earnings';
import { UserUpdateSchema, type UserProfile } from '@bazaar/shared/users';
import { numberOrBlank } from '../../../lib/form-numbers.ts';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/text-field.tsx';
import { usePictureUploads } from '../../../lib/use-picture-uploads.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ProfilePictureField } from './profile-picture-field.tsx';
import { useUpdateProfile } from './api/update-profile.ts';

const DOLLARS = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;

const PAYOUT_CHOICES = [
  ['', 'Not set'],
  ...PAYOUT_METHODS.map((method) => [method, PAYOUT_METHOD_NAMES[method]] as const),
] as const;

/** The profile's edit form: prefilled from `profile`; the e-mail is shown but cannot change. */
export function ProfileForm({
  profile,
  onDone,
}: {
  profile: UserProfile;
  /** Leaves editing: after an update, or on Back. */
  onDone: () => void;
}) {
  const update = useUpdateProfile(profile.email);
  // Blank: not set.
  const payoutMethod: PayoutMethod | '' = profile.payoutMethod ?? '';
  const uploads = usePictureUploads();
  const { field, formProps, values, setValue, updateValues } = useSchemaForm({
    schema: UserUpdateSchema,
    toInput: ({ shippingFee, freeShippingOver, payoutMethod, ...values }) => ({
      ...values,
      payoutMethod: payoutMethod || null,
      // Blank is a mistake for the fee (say 0 for free), and "never free" for free-over.
      shippingFee: numberOrBlank(shippingFee) ?? Number.NaN,
      freeShippingOver: numberOrBlank(freeShippingOver) ?? null,
    }),
    initialValues: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone ?? '',
      address: profile.address ?? '',
      img: profile.img ?? '',
      shopMails: profile.shopMails,
      shippingFee: profile.shippingFee.toFixed(2),
      freeShippingOver: profile.freeShippingOver?.toFixed(2) ?? '',
      payoutMethod,
      payoutAccount: profile.payoutAccount ?? '',
    },
    // Saving waits for the picture on its way.
    canSubmit: !uploads.uploading,
    submit: async (changes) => {
      await update.mutateAsync(changes);
      toast.success('Profile updated successfully');
      onDone();
    },
  });

  /** An uploaded picture becomes the profile's, whatever else was typed meanwhile. */
  const upload = (files: File[]) => uploads.add(files, (img) => updateValues(() => ({ img })));

  return (
    <form {...formProps} aria-label="Edit profile" className="flex flex-col gap-4">
      <TextField label="Name" autoComplete="name" required {...field('name')} />
      <TextField
        label="Email"
        type="email"
        readOnly
        hint="Your e-mail address is your account and cannot be changed."
        {...field('email')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <TextAreaField label="Address" autoComplete="street-address" {...field('address')} />
      <ProfilePictureField
        label="Profile Picture URL"
        type="url"
        placeholder="https://…"
        personName={values.name}
        uploads={uploads}
        onFiles={upload}
        {...field('img')}
      />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Shipping your sales</legend>
        <TextField
          label="Shipping fee"
          {...DOLLARS}
          hint="In dollars, for your part of one order; 0 ships free"
          {...field('shippingFee')}
        />
        <TextField
          label="Free shipping over"
          {...DOLLARS}
          placeholder="Never free"
          hint="Your part of an order ships free from this amount; blank: never"
          {...field('freeShippingOver')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Your payouts</legend>
        <SelectField
          label="Payout method"
          name="payoutMethod"
          options={PAYOUT_CHOICES}
          value={values.payoutMethod}
          onChange={({ target }) => setValue('payoutMethod', target.value as PayoutMethod | '')}
          hint="How the shop sends you your earnings"
        />
        <TextField
          label="Payout account"
          hint="The number or account to send to; only you and the shop's admins see it"
          {...field('payoutAccount')}
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          name="shopMails"
          className="size-4 accent-teal-700"
          checked={values.shopMails}
          onChange={({ target }) => setValue('shopMails', target.checked)}
        />
        E-mail me about my orders, sales and reviews
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending || uploads.uploading}>
          {uploads.uploading ? 'Uploading picture…' : update.isPending ? 'Updating…' : 'Update'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Back
        </Button>
      </div>
    </form>
  );
}
