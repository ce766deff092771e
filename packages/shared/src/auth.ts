import { z } from 'zod';
import { httpUrlSchema, tooLong } from './fields.ts';
import { PaymentOptionsSchema } from './payments.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PasswordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The sign-in options the web app shows before anyone signs in (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  /** The provider behind the "Google" button: Google itself, an OpenID Connect stand-in, or none. */
  googleProvider: z.enum(['google', 'oidc'], 'The Google provider is google or oidc').nullable(),
  /** The payment methods checkout offers, and where bKash and Rocket payments go. */
  payments: PaymentOptionsSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

const profileName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, tooLong('Name', 100));

const emailField = z.string({ error: 'Enter your email address' }).max(200, tooLong('Email', 200));

/** `POST /api/auth/request-password-reset` and `send-verification-email`: an address an account could have. */
export const EmailLinkRequestSchema = z.object({ email: emailField });

/**
 * `POST /api/auth/sign-up/email`, checked by the shop before Better Auth (which would store any name and any
 * picture URL): the name as a profile allows it, an http(s) picture. Better Auth checks the e-mail and password;
 * other fields (a claimed role…) are dropped.
 */
export const SignUpSchema = z.object({
  name: profileName,
  email: emailField,
  password: z.string({ error: 'Enter a password' }),
  image: httpUrlSchema.optional(),
  callbackURL: z.string({ error: 'The callback URL must be text' }).optional(),
  rememberMe: z.boolean({ error: 'Remember me is true or false' }).optional(),
});

/** `POST /api/auth/update-user`, checked the same way: a name a profile can hold, an http(s) picture or none. */
export const UpdateUserSchema = z.object({
  name: profileName.optional(),
  image: httpUrlSchema.nullable().optional(),
});

const linkToken = z
  .string({ error: 'The link’s token is missing' })
  .min(1, 'The link’s token is missing')
  .max(4000, 'The link’s token is too long');

/** `GET /api/account/confirm-email?token=…`: which address a confirmation link confirms. */
export const ConfirmEmailQuerySchema = z.strictObject({ token: linkToken });

/** The address a confirmation link names, and whether it was confirmed already. */
export const EmailToConfirmSchema = z.object({ email: z.string(), confirmed: z.boolean() });
export type EmailToConfirm = z.infer<typeof EmailToConfirmSchema>;

/**
 * `POST /api/account/confirm-email`: the link's token (the mailbox) with the password the address was registered
 * with, or a new one that replaces it, never neither: the mailbox alone must not bless someone else's password.
 */
export const ConfirmEmailSchema = z.union([
  z.strictObject({
    token: linkToken,
    password: z.string({ error: 'Enter your password' }).min(1).max(PASSWORD_MAX_LENGTH),
  }),
  z.strictObject({ token: linkToken, newPassword: PasswordSchema }),
]);
export type ConfirmEmail = z.infer<typeof ConfirmEmailSchema>;
