import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../core/contracts/api';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { teams } from '../../db/schema/teams';
import { AppError } from '../../errors';
import { renderCrestSvg, type CrestInput } from './crest-svg';

/**
 * Generated crests: GET /crests/team/:id.svg and /crests/competition/:id.svg (see
 * crest-urls.ts). A crest only changes when the catalog changes its colours, so browsers may
 * keep it for a month and revalidate with the ETag after that.
 */
const CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=86400';
const ParamsSchema = z.object({ id: z.string() });

interface RenderedCrest {
  svg: string;
  etag: string;
}

export const crestsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, options) => {
  const { db } = options;
  // Rendered once per id and process: crests are requested for every row of every list.
  const cache = new Map<string, RenderedCrest>();

  async function findCrest(kind: 'team' | 'competition', id: number): Promise<RenderedCrest | null> {
    const key = `${kind}:${id}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const input = kind === 'team' ? await findTeamCrest(db, id) : await findCompetitionCrest(db, id);
    if (!input) return null;
    const svg = renderCrestSvg(input);
    const rendered = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
    cache.set(key, rendered);
    return rendered;
  }

  for (const kind of ['team', 'competition'] as const) {
    app.get(
      `/crests/${kind}/:id.svg`,
      {
        schema: {
          params: ParamsSchema,
          response: {
            200: { description: 'SVG crest', content: { 'image/svg+xml': { schema: z.string() } } },
            304: { description: 'Not modified', content: { 'image/svg+xml': { schema: z.string() } } },
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const id = parseId(request.params.id);
        const crest = id === null ? null : await findCrest(kind, id);
        if (!crest) throw new AppError('NOT_FOUND', { message: 'api.crest.notFound' });
        reply.header('cache-control', CACHE_CONTROL).header('etag', crest.etag);
        if (request.headers['if-none-match'] === crest.etag) return reply.code(304).send('');
        return reply.type('image/svg+xml; charset=utf-8').send(crest.svg);
      },
    );
  }
};

/** Ids are positive 32-bit integers; anything else is simply not a crest we have. */
function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

async function findTeamCrest(db: Db, id: number): Promise<CrestInput | null> {
  const [team] = await db
    .select({
      name: teams.name,
      shortName: teams.shortName,
      primary: teams.colorPrimary,
      secondary: teams.colorSecondary,
    })
    .from(teams)
    .where(eq(teams.id, id));
  return team
    ? { shape: 'shield', label: team.name, shortName: team.shortName, colors: [team.primary, team.secondary] }
    : null;
}

async function findCompetitionCrest(db: Db, id: number): Promise<CrestInput | null> {
  const [competition] = await db
    .select({ name: competitions.nameEn, shortName: competitions.shortName, colors: competitions.colors })
    .from(competitions)
    .where(eq(competitions.id, id));
  return competition
    ? { shape: 'badge', label: competition.name, shortName: competition.shortName, colors: competition.colors }
    : null;
}
