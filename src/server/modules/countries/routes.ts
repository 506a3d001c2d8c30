/** Countries with the number of members the caller may see there (the directory map, SPEC §7). */
import type { FastifyInstance } from 'fastify';
import { countriesWithCounts } from './repository';

export async function countryRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { with_users: boolean } }>('/api/countries', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'Countries, with the number of visible members in each; `with_users` keeps only those with members',
      querystring: { $ref: 'countries.filter#' },
      response: { 200: { type: 'array', items: { $ref: 'country#' } } },
    },
    handler: async (request) => {
      const audience = request.actor.type === 'company' ? 'companies' : 'members';
      const rows = await countriesWithCounts(app.db, request.lng, audience, request.query.with_users);
      return rows.map((row) => ({
        hash: row.code,
        name: row.name as string,
        num_users: Number(row.num_users),
        lat: row.lat,
        lng: row.lng,
      }));
    },
  });
}
