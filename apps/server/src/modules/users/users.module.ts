import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { UploadGuard } from '../uploads/uploads.module.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';
import { userRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export async function registerUsers(
  api: FastifyInstance,
  {
    db,
    isAdmin,
    uploadGuard,
  }: {
    db: Database;
    isAdmin: (user: UserRow) => boolean;
    uploadGuard: UploadGuard;
  },
) {
  const service = createUsersService(createUsersRepository(db), isAdmin, uploadGuard);
  await api.register(userRoutes(service));
  return { sellerOf: (handle: string) => service.seller(handle) };
}
