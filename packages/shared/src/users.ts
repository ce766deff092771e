import { z } from 'zod';
import { dollarsSchema, echoedField, httpUrlSchema, optionalText, tooLong } from './fields.ts';
import { PRICE_MAX } from './products-constants.ts';
import { limitSchema, offsetSchema } from './pagination.ts';
import { PAYOUT_METHODS, payoutDetailsFields } from './earnings.ts';

export const ROLES = ['user', 'admin'] as const;

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 40;

/** A user's public handle: lowercase letters, digits and dashes, unique, given at sign-up and never changed. */
export const HandleSchema = z
  .string({ error: 'Expected a handle' })
  .trim()
  .toLowerCase()
  .regex(
    new RegExp(`^[a-z0-9-]{${HANDLE_MIN_LENGTH},${HANDLE_MAX_LENGTH}}$`),
    `Expected a handle: ${HANDLE_MIN_LENGTH} to ${HANDLE_MAX_LENGTH} lowercase letters, digits and dashes`,
  );

/** The most a seller may charge to ship one order's part (dollars). */
export const SHIPPING_FEE_MAX = 1000;

/**
 * What a seller charges to ship their part of an order (dollars): `shippingFee`, or nothing once the part's goods
 * reach `freeShippingOver` (null: never free).
 */
export const ShippingTermsSchema = z.object({
  shippingFee: z.number(),
  freeShippingOver: z.number().nullable(),
});
export type ShippingTerms = z.infer<typeof ShippingTermsSchema>;

/** What anybody may know of a user, e.g. a product's seller: the handle and the display name, never the e-mail. */
export const PublicUserSchema = z.object({ handle: z.string(), name: z.string() });
export type PublicUser = z.infer<typeof PublicUserSchema>;

/**
 * `GET /api/sellers/:handle`: a seller's public page. A seller is a user with at least one product; any other
 * user's handle is a 404, as an unknown one is, so that a page tells nobody whether a person has an account.
 */
export const SellerSchema = PublicUserSchema.extend({
  /** When the account was made. */
  memberSince: z.iso.datetime(),
  productCount: z.number().int(),
  /** The mean rating of all the reviews of the seller's products; null before the first review. */
  rating: z.number().nullable(),
  reviewsCount: z.number().int(),
}).extend(ShippingTermsSchema.shape);
export type Seller = z.infer<typeof SellerSchema>;

/** Any text: one that is no handle names no seller, which is a 404 rather than a 400. */
export const SellerParamsSchema = z.object({ handle: z.string() });

/**
 * A user as they and admins see their profile. `img` is the picture the user chose, `image` the sign-in provider's
 * photo.
 */
export const UserProfileSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    handle: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    img: z.string().nullable(),
    image: z.string().nullable(),
    role: z.enum(ROLES),
    /** Whether the shop mails the user about their orders, sales and reviews (account mails are always sent). */
    shopMails: z.boolean(),
    /** How the seller is paid their earnings: only the user and the admins ever see it. */
    payoutMethod: z.enum(PAYOUT_METHODS).nullable(),
    payoutAccount: z.string().nullable(),
  })
  .extend(ShippingTermsSchema.shape);
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * A buyer as a seller sees them among their customers: who they are (handle, name, picture), never the profile's
 * e-mail, phone or address. Where to send an order is on the sale (`SaleSchema`), as the buyer typed it at checkout.
 */
export const CustomerSchema = UserProfileSchema.pick({
  _id: true,
  name: true,
  handle: true,
  img: true,
  image: true,
});
export type Customer = z.infer<typeof CustomerSchema>;

export const UserEmailParamsSchema = z.object({ email: z.string().trim().toLowerCase() });

/** `POST /api/users`: the spec's client sends the signed-in user's name (null when the provider gave none) and e-mail. */
export const UserEnsureSchema = z
  .object({
    name: z.string({ error: 'Name must be text' }).trim().max(100, tooLong('Name', 100)).nullish(),
    email: z.string({ error: 'Email must be text' }).trim().toLowerCase().optional(),
  })
  .default({});

export const UserUpdateSchema = z
  .strictObject({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, tooLong('Name', 100)),
    /** The account identity: accepted only when unchanged. */
    email: z.string({ error: 'Email must be text' }).trim().toLowerCase(),
    phone: optionalText('Phone', 30).pipe(
      z
        .string()
        .regex(/^[+\d][\d\s()-]*$/, 'Phone may hold digits, spaces, +, - and parentheses')
        .nullable(),
    ),
    address: optionalText('Address', 500),
    img: z
      .union([z.literal(''), z.null(), httpUrlSchema], { error: 'Expected an http(s) URL' })
      .transform((url) => url || null),
    shopMails: z.boolean({ error: 'Shop mails must be true or false' }),
    shippingFee: dollarsSchema('Shipping fee', SHIPPING_FEE_MAX),
    freeShippingOver: dollarsSchema('Free shipping over', PRICE_MAX)
      .refine((dollars) => dollars > 0, 'Free shipping over is more than $0, or none')
      .nullable(),
    ...payoutDetailsFields,
    // Echoed back from a profile the client read; ignored.
    _id: echoedField,
    handle: echoedField,
    image: echoedField,
    role: echoedField,
  })
  .partial()
  .transform(({ _id, handle, image, role, ...fields }) => fields);
export type UserUpdate = z.output<typeof UserUpdateSchema>;
/** What a client sends to change a profile. */
export type UserUpdateInput = z.input<typeof UserUpdateSchema>;

export const UserListQuerySchema = z.strictObject({ limit: limitSchema(), offset: offsetSchema });
