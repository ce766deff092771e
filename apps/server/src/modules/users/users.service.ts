import {
  HandleSchema,
  type Customer,
  type Seller,
  type ShippingTerms,
  type UserProfile,
  type UserUpdate,
} from '@bazaar/shared/users';
import { centsToDollars, dollarsToCents, type ShippingTerms as TermsInCents } from '@bazaar/shared/pricing';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import type { UploadGuard } from '../uploads/uploads.module.ts';
import type { Page, UserChanges, UserRow, UsersRepository } from './users.repository.ts';

/** A buyer as a seller sees them: who they are, nothing of the profile's contact (e-mail, phone, address). */
const toCustomer = (row: UserRow): Customer => ({
  _id: row.id,
  name: row.name,
  handle: row.handle,
  img: row.img,
  image: row.image,
});

/** A seller's shipping terms as the wire shows them, in dollars. */
const shippingTerms = (row: TermsInCents): ShippingTerms => ({
  shippingFee: centsToDollars(row.shippingFeeCents),
  freeShippingOver: row.freeShippingOverCents === null ? null : centsToDollars(row.freeShippingOverCents),
});

export function createUsersService(
  repository: UsersRepository,
  isAdmin: (user: UserRow) => boolean,
  assertMayAttach: UploadGuard,
) {
  const toProfile = (row: UserRow): UserProfile => ({
    ...toCustomer(row),
    phone: row.phone,
    address: row.address,
    email: row.email,
    role: isAdmin(row) ? 'admin' : 'user',
    shopMails: row.shopMails,
    payoutMethod: row.payoutMethod,
    payoutAccount: row.payoutAccount,
    ...shippingTerms(row),
  });

  function assertSelfOrAdmin(email: string, viewer: Viewer): void {
    if (!viewer.isAdmin && viewer.email.toLowerCase() !== email) {
      throw new AppError('FORBIDDEN', 'You can only see and change your own profile.');
    }
  }

  return {
    async get(email: string, viewer: Viewer): Promise<UserProfile> {
      assertSelfOrAdmin(email, viewer);
      const row = await repository.findByEmail(email);
      if (!row) throw notFound('User');
      return toProfile(row);
    },

    /** What anybody may see of a user as a seller; a text that is no handle names nobody (404). */
    async seller(handle: string): Promise<Seller> {
      const parsed = HandleSchema.safeParse(handle);
      const row = parsed.success ? await repository.findSeller(parsed.data) : undefined;
      if (!row) throw notFound('Seller');
      return {
        handle: row.handle,
        name: row.name,
        memberSince: row.createdAt.toISOString(),
        productCount: row.productCount,
        rating: row.rating,
        reviewsCount: row.reviewsCount,
        ...shippingTerms(row),
      };
    },

    /** An admin sees every user's profile; a seller sees the customers who ordered their products, without e-mails. */
    async list(viewer: Viewer, paging: Page): Promise<{ items: (UserProfile | Customer)[]; total: number }> {
      if (viewer.isAdmin) {
        const { rows, total } = await repository.listAll(paging);
        return { items: rows.map(toProfile), total };
      }
      const { rows, total } = await repository.listCustomersOf(viewer.email, paging);
      return { items: rows.map(toCustomer), total };
    },

    /**
     * The spec's client posts the user after sign-in to get a token. Accounts are created at sign-up, so
     * this only checks that the caller speaks of themselves and hands back the session's token.
     */
    ensure(body: { email?: string | undefined }, viewer: Viewer): { token: string } {
      if (body.email !== undefined && body.email !== viewer.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can only register your own profile.');
      }
      return { token: viewer.sessionToken };
    },

    async update(email: string, input: UserUpdate, viewer: Viewer): Promise<UserProfile> {
      assertSelfOrAdmin(email, viewer);
      const { email: sentEmail, shippingFee, freeShippingOver, ...fields } = input;
      const changes: UserChanges = {
        ...fields,
        ...(shippingFee === undefined ? {} : { shippingFeeCents: dollarsToCents(shippingFee) }),
        ...(freeShippingOver === undefined
          ? {}
          : { freeShippingOverCents: freeShippingOver === null ? null : dollarsToCents(freeShippingOver) }),
      };
      if (sentEmail !== undefined && sentEmail !== email) {
        throw new AppError(
          'BAD_REQUEST',
          'The e-mail address is the account identity and cannot be changed.',
          [{ path: 'email', message: 'cannot be changed' }],
        );
      }
      if (changes.img) {
        const current = await repository.findByEmail(email);
        await assertMayAttach([changes.img], viewer, current?.img ? [current.img] : []);
      }
      const row = await repository.update(email, changes);
      if (!row) throw notFound('User');
      return toProfile(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
