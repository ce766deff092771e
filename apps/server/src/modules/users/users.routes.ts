import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import {
  CustomerSchema,
  UserEmailParamsSchema,
  UserEnsureSchema,
  UserListQuerySchema,
  UserProfileSchema,
  UserUpdateSchema,
} from '@bazaar/shared/users';
import type { Viewers } from '../auth/viewer.ts';
import type { UsersService } from './users.service.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function userRoutes(service: UsersService, viewers: Viewers) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: viewers.signedIn };

    routes.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Users: everyone for an admin, else the customers who ordered your products',
          description:
            'An admin gets every profile. Anyone else gets the buyers of their products, each by handle and ' +
            'without an e-mail address.',
          querystring: UserListQuerySchema,
          response: { 200: z.array(z.union([UserProfileSchema, CustomerSchema])), ...refusals },
        },
        ...signedIn,
      },
      async (request, reply) => {
        const { items, total } = await service.list(await viewers.required(request), request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/users/:email',
      {
        schema: {
          tags: ['users'],
          summary: 'One profile (your own, or any for an admin)',
          params: UserEmailParamsSchema,
          response: { 200: UserProfileSchema, ...refusals },
        },
        ...signedIn,
      },
      async (request) => service.get(request.params.email, await viewers.required(request)),
    );

    routes.post(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: "The signed-in user's API token",
          body: UserEnsureSchema,
          response: { 200: z.object({ token: z.string() }), ...refusals },
        },
        ...signedIn,
      },
      async (request) => service.ensure(request.body, await viewers.required(request)),
    );

    routes.patch(
      '/users/:email',
      {
        schema: {
          tags: ['users'],
          summary: 'Change a profile: name, phone, address, picture (your own, or any for an admin)',
          params: UserEmailParamsSchema,
          body: UserUpdateSchema,
          response: { 200: UserProfileSchema, ...refusals },
        },
        ...signedIn,
      },
      async (request) => service.update(request.params.email, request.body, await viewers.required(request)),
    );
  };
}
