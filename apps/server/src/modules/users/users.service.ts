import type { UserProfile, UserUpdate } from '@bazaar/shared/users';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer, Viewers } from '../auth/viewer.ts';
import type { Page, UserRow, UsersRepository } from './users.repository.ts';

export function createUsersService(repository: UsersRepository, viewers: Pick<Viewers, 'isAdmin'>) {
  const toProfile = (row: UserRow): UserProfile => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    img: row.img,
    image: row.image,
    role: viewers.isAdmin(row) ? 'admin' : 'user',
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

    /** An admin sees every user; a seller sees the customers who ordered their products. */
    async list(viewer: Viewer, paging: Page): Promise<{ items: UserProfile[]; total: number }> {
      const { rows, total } = viewer.isAdmin
        ? await repository.listAll(paging)
        : await repository.listCustomersOf(viewer.email, paging);
      return { items: rows.map(toProfile), total };
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
      const { email: sentEmail, ...changes } = input;
      if (sentEmail !== undefined && sentEmail !== email) {
        throw new AppError(
          'BAD_REQUEST',
          'The e-mail address is the account identity and cannot be changed.',
          [{ path: 'email', message: 'cannot be changed' }],
        );
      }
      const row = await repository.update(email, changes);
      if (!row) throw notFound('User');
      return toProfile(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
