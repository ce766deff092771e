import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import {
  CustomerSchema,
  SellerParamsSchema,
  SellerSchema,
  UserEmailParamsSchema,
  UserEnsureSchema,
  UserListQuerySchema,
  UserProfileSchema,
  UserUpdateSchema,
} from '@bazaar/shared/users';
import { errorResponses } from '../../errors/error-responses.ts';
import type { UsersService } from './users.service.ts';

const refusals = errorResponses(400, 401, 403, 404);

export function userRoutes(service: UsersService) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

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
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.list(request.viewer, request.query);
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
        config: { signedIn: true },
      },
      async (request) => service.get(request.params.email, request.viewer),
    );

    routes.get(
      '/sellers/:handle',
      {
        schema: {
          tags: ['users'],
          summary:
            "A seller's public page: handle, name, member since, number of products, mean rating of their reviews",
          description:
            'The same answer for everybody, signed in or not; never an e-mail address. A seller is a user with a ' +
            "product: any other user's handle is a 404, as an unknown one.",
          params: SellerParamsSchema,
          response: { 200: SellerSchema, ...errorResponses(404) },
        },
      },
      async (request) => service.seller(request.params.handle),
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
        config: { signedIn: true },
      },
      async (request) => service.ensure(request.body, request.viewer),
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
        config: { signedIn: true },
      },
      async (request) => service.update(request.params.email, request.body, request.viewer),
    );
  };
}
