import { z } from 'zod';
import { singleLineText } from '../../../../core/contracts/text';

/**
 * The football.json season format of openfootball (github.com/openfootball/football.json):
 *
 *   { "name": "English Premier League 2023/24",
 *     "matches": [ { "round": "Matchday 1", "date": "2023-08-11", "time": "20:00",
 *                    "team1": "Burnley FC", "team2": "Manchester City FC",
 *                    "score": { "ht": [0, 2], "ft": [0, 3] } }, … ] }
 *
 * `team1` plays at home; a score is `[home, away]`; `ht` half time, `ft` full time (or the
 * awarded score), `et` after extra time (the whole match), `p` the shoot-out; an unplayed match
 * has `score: {}` or none. `status` is "awarded" or "postponed" (files from 2024-25 on). `time`
 * is local to the league, or carries its offset ("18:00 UTC+3", the World Cup files). Other
 * keys (`group`, `ground`, `goals1`…) are allowed and not read.
 */

const GOALS_MESSAGE = { error: 'imports.score.invalid' } as const;
const goals = z.number(GOALS_MESSAGE).int(GOALS_MESSAGE).min(0, GOALS_MESSAGE).max(999, GOALS_MESSAGE);
export const GoalsSchema = z.tuple([goals, goals], GOALS_MESSAGE);
export type Goals = z.infer<typeof GoalsSchema>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** "20:00", "20:00 UTC+1", "13:00 UTC-6", "19:30 UTC+5:30" */
export const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?:\s+UTC([+-])(\d{1,2})(?::(\d{2}))?)?$/;

function isRealDate(text: string): boolean {
  const found = DATE.exec(text);
  if (!found) return false;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1850;
}

// names and rounds are stored as text: control characters refused like every text a client sends
const text = (max: number) => singleLineText().trim().min(1).max(max);

function notAbove(lower: Goals | undefined, upper: Goals | undefined): boolean {
  return !lower || !upper || (lower[0] <= upper[0] && lower[1] <= upper[1]);
}

export const OpenfootballMatchSchema = z
  .object({
    round: text(100),
    date: z.string().refine(isRealDate, { error: 'imports.date.invalid' }),
    time: z.string().regex(TIME, { error: 'imports.time.invalid' }).optional(),
    team1: text(100),
    team2: text(100),
    score: z
      .object({
        ht: GoalsSchema.optional(),
        ft: GoalsSchema.optional(),
        et: GoalsSchema.optional(),
        p: GoalsSchema.optional(),
      })
      .optional(),
    status: z.enum(['awarded', 'postponed'], { error: 'imports.status.invalid' }).optional(),
  })
  .superRefine((match, context) => {
    if (match.team1 === match.team2) {
      context.addIssue({ code: 'custom', path: ['team2'], message: 'imports.match.sameTeam', params: { team: match.team1 } });
    }
    const score = match.score ?? {};
    // A half-time score above the full-time one cannot come from play: the match was abandoned
    // and awarded (2024-25 Turkish Cup, Kocaelispor v Sivasspor "3-0 (0-1)"), so it is read as
    // awarded (isAwardedOverHalfTime), not refused. With extra time it can only be a typo.
    if (score.et && !notAbove(score.ht, score.ft)) context.addIssue({ code: 'custom', path: ['score', 'ht'], message: 'imports.match.halfTimeAboveFullTime' });
    if (!notAbove(score.ft, score.et)) context.addIssue({ code: 'custom', path: ['score', 'ft'], message: 'imports.match.fullTimeAboveExtraTime' });
    // An awarded match is counted with its awarded score: without one there is nothing to count.
    if (match.status === 'awarded' && !score.ft && !score.et) context.addIssue({ code: 'custom', path: ['score', 'ft'], message: 'imports.field.required' });
  });
export type OpenfootballMatch = z.infer<typeof OpenfootballMatchSchema>;

/**
 * Whether a match's full-time score is an awarded one although the file does not say so: its
 * half-time score is above it on either side, which play cannot do (a team never loses goals).
 */
export function isAwardedOverHalfTime(match: Pick<OpenfootballMatch, 'score'>): boolean {
  const score = match.score ?? {};
  return !score.et && !notAbove(score.ht, score.ft);
}

export const OpenfootballSeasonSchema = z.object({
  name: text(200),
  matches: z.array(OpenfootballMatchSchema).min(1, { error: 'imports.matches.empty' }).max(5000),
});
export type OpenfootballSeason = z.infer<typeof OpenfootballSeasonSchema>;
