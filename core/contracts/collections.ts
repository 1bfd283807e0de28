import { z } from 'zod';
import { BasketballMatchSchema, CompetitionSchema, FootballMatchSchema, SportSchema } from './matches';
import { defineEndpoint } from './endpoints';

/**
 * Shapes of the collections endpoints (docs/api/accounts.md "Collections"): the matches and
 * competitions a user follows. Served by server/modules/collections; error messages are message
 * keys of the server, like the other contracts.
 */

export { COLLECTION_LIMIT } from './collection-limit';

/** A match or competition id: a positive 32-bit integer, as a number or a string of digits. */
function idField(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,10}$/).transform(Number)], { error: message })
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message }));
}

export const CollectMatchBodySchema = z.object({ match_id: idField('collections.matchId.invalid') });
export const CollectCompetitionBodySchema = z.object({ competition_id: idField('collections.competitionId.invalid') });
export const CollectTeamBodySchema = z.object({ team_id: idField('collections.teamId.invalid') });

export const CollectMatchDataSchema = z.object({ match_id: z.number().int(), is_collect: z.boolean() });
export const CollectCompetitionDataSchema = z.object({ competition_id: z.number().int(), is_collect: z.boolean() });
export const CollectTeamDataSchema = z.object({ team_id: z.number().int(), is_collect: z.boolean() });

const collectedMatchBase = {
  match_id: z.number().int(),
  collected_at: z.string(),
  /** the match's competition, `is_collect` true when the user follows it too */
  competition: CompetitionSchema,
};

export const CollectedMatchSchema = z.discriminatedUnion('sport', [
  z.object({ sport: z.literal('football'), ...collectedMatchBase, match: FootballMatchSchema }),
  z.object({ sport: z.literal('basketball'), ...collectedMatchBase, match: BasketballMatchSchema }),
]);
export type CollectedMatch = z.infer<typeof CollectedMatchSchema>;

export const CollectedCompetitionSchema = z.object({
  competition_id: z.number().int(),
  sport: SportSchema,
  name: z.string(),
  logo: z.string(),
  collected_at: z.string(),
});
export type CollectedCompetition = z.infer<typeof CollectedCompetitionSchema>;

export const CollectedTeamSchema = z.object({
  team_id: z.number().int(),
  sport: SportSchema,
  name: z.string(),
  logo: z.string(),
  collected_at: z.string(),
});
export type CollectedTeam = z.infer<typeof CollectedTeamSchema>;

/**
 * Everything the user collected, newest first. `teams` came later (docs/decisions/095): older
 * clients ignore it, and a client reading an older server takes it as empty.
 */
export const CollectionsDataSchema = z.object({
  matches: z.array(CollectedMatchSchema),
  competitions: z.array(CollectedCompetitionSchema),
  teams: z.array(CollectedTeamSchema).default([]),
});
export type CollectionsData = z.infer<typeof CollectionsDataSchema>;

/** The favourites endpoints (core/contracts/endpoints.ts). */
export const collectionsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/user/collections', data: CollectionsDataSchema }),
  addMatch: defineEndpoint({ method: 'POST', path: '/api/:sport/collectAdd', body: CollectMatchBodySchema, data: CollectMatchDataSchema }),
  removeMatch: defineEndpoint({ method: 'POST', path: '/api/:sport/collectDel', body: CollectMatchBodySchema, data: CollectMatchDataSchema }),
  addCompetition: defineEndpoint({ method: 'POST', path: '/api/competition/collectAdd', body: CollectCompetitionBodySchema, data: CollectCompetitionDataSchema }),
  removeCompetition: defineEndpoint({ method: 'POST', path: '/api/competition/collectDel', body: CollectCompetitionBodySchema, data: CollectCompetitionDataSchema }),
  addTeam: defineEndpoint({ method: 'POST', path: '/api/team/collectAdd', body: CollectTeamBodySchema, data: CollectTeamDataSchema }),
  removeTeam: defineEndpoint({ method: 'POST', path: '/api/team/collectDel', body: CollectTeamBodySchema, data: CollectTeamDataSchema }),
};
