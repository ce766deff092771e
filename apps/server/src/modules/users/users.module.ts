import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';
import { userRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export async function registerUsers(
  api: FastifyInstance,
  {
    db,
    catalogCache,
    isAdmin,
  }: { db: Database; catalogCache: CatalogCache; isAdmin: (user: UserRow) => boolean },
) {
  await api.register(userRoutes(createUsersService(createUsersRepository(db), isAdmin, catalogCache)));
}
