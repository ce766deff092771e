import { ApiErrorSchema } from '@bazaar/shared/errors';

/** The response schemas of a route's refusals, e.g. `errorResponses(400, 401)`: each is the shop's error body. */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    Status,
    typeof ApiErrorSchema
  >;
}
