import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The sign-in options the web app shows before anyone signs in (`GET /api/config`). */
export const PublicConfigSchema = z.object({
  /** The provider behind the "Google" button: Google itself, an OpenID Connect stand-in, or none. */
  googleProvider: z.enum(['google', 'oidc']).nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
