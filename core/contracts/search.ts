import { z } from 'zod';
import { singleLineText } from './text';
import { defineEndpoint } from './endpoints';

/**
 * Search over teams, competitions and matches (issue 15, docs/decisions/094-search.md):
 * `GET /api/search?q=…` and the `/search` page. Names are matched after folding: case, Turkish
 * dotted/dotless i and every Latin diacritic are ignored, so "besiktas" finds Beşiktaş.
 */

/** The longest query, counted after trimming. */
export const SEARCH_QUERY_MAX = 60;

/** Above this many results per group the rest are left out (the answer says how many were found). */
export const SEARCH_TEAMS_LIMIT = 8;
export const SEARCH_COMPETITIONS_LIMIT = 6;
export const SEARCH_MATCHES_LIMIT = 8;

/** The characters of Chinese, Japanese and Korean scripts: one of them is already a word. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A name or a query as search compares them: lower case, Turkish ı/İ as i, diacritics dropped
 * (ş→s, ğ→g, ü→u, ö→o, ç→c, é→e, ã→a, ñ→n…), ß→ss, ø→o, æ→ae, œ→oe, ł→l, đ→d, runs of spaces
 * and punctuation as one space. Chinese and other scripts stay as they are.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'i')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a folded query is long enough to search: one character of a CJK script, two of any
 * other (a single Latin letter would match half the catalogue). Shorter answers empty groups.
 */
export function isSearchable(folded: string): boolean {
  if (folded.length === 0) return false;
  return CJK.test(folded) || folded.length >= 2;
}

/** `q`: 1–60 characters after trimming, no control characters (400 VALIDATION otherwise). */
export const SearchQuerySchema = z.object({
  q: singleLineText().trim().min(1).max(SEARCH_QUERY_MAX),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const SportSchema = z.enum(['football', 'basketball']);

export const SearchTeamSchema = z.object({
  team_id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  logo: z.string(),
  sport: SportSchema,
  /** the most prominent competition the team plays in, in the request's language; null when none is known */
  competition_name: z.string().nullable(),
});
export type SearchTeam = z.infer<typeof SearchTeamSchema>;

export const SearchCompetitionSchema = z.object({
  competition_id: z.number().int(),
  /** in the request's language */
  name: z.string(),
  short_name: z.string(),
  country: z.string(),
  logo: z.string(),
  sport: SportSchema,
  is_hot: z.boolean(),
});
export type SearchCompetition = z.infer<typeof SearchCompetitionSchema>;

export const SearchMatchSchema = z.object({
  match_id: z.number().int(),
  sport: SportSchema,
  competition_id: z.number().int(),
  competition_name: z.string(),
  home: z.object({ team_id: z.number().int(), name: z.string(), logo: z.string() }),
  away: z.object({ team_id: z.number().int(), name: z.string(), logo: z.string() }),
  /** scheduled start, unix seconds */
  match_time: z.number().int(),
  /** the sport's status id (specification section 4) */
  status_id: z.number().int(),
  /** live: being played; scheduled: not started; finished: ended; other: delayed, cancelled… */
  state: z.enum(['live', 'scheduled', 'finished', 'other']),
  home_score: z.number().int(),
  away_score: z.number().int(),
});
export type SearchMatch = z.infer<typeof SearchMatchSchema>;

export const SearchDataSchema = z.object({
  /** the query as searched (trimmed) */
  q: z.string(),
  teams: z.array(SearchTeamSchema),
  competitions: z.array(SearchCompetitionSchema),
  /** live first, then today's and the next ones soonest first, then recent results newest first */
  matches: z.array(SearchMatchSchema),
});
export type SearchData = z.infer<typeof SearchDataSchema>;

export const SearchResponseSchema = z.object({ code: z.literal(0), msg: z.string(), data: SearchDataSchema });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** The search endpoint (core/contracts/endpoints.ts): the header's instant search asks it. */
export const searchEndpoints = {
  search: defineEndpoint({ method: 'GET', path: '/api/search', query: SearchQuerySchema, data: SearchDataSchema }),
};
