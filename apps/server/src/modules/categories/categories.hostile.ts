import fc from 'fast-check';
import { SQL_PAYLOADS } from '../../hostile/arbitraries.ts';
import { notCount, poisonedQuery, type HostileRoute } from '../../hostile/hostile-entry.ts';

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/categories',
    callers: ['anonymous'],
    requests: () =>
      poisonedQuery(
        '/api/categories',
        { sort: 'name', limit: '5' },
        { sort: fc.constantFrom('newest', 'NAME', '', ...SQL_PAYLOADS), limit: notCount(1, 100) },
      ),
  },
];
