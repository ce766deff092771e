import { poisonedQuery, type HostileRoute } from '../../hostile/hostile-entry.ts';

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/stats/overview',
    callers: ['anonymous', 'owner'],
    requests: () => poisonedQuery('/api/stats/overview', {}, {}),
  },
];
