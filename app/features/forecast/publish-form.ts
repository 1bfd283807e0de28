import {
  PLAN_COMMUNITY_SYNC_THRESHOLD,
  PLAN_DESCRIPTION_MAX,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  type PublishPlanBody,
} from '../../../core/contracts/forecast';
import type { BasketballData, FootballListData, Sport } from '../../../core/contracts/matches';
import { isTotalMarket, MARKET_PICKS, MARKETS, PERIODS, type Market, type Period, type PricedSelection, type Selection } from '../../../core/contracts/odds';
import { BASKETBALL_STATUS, FOOTBALL_STATUS } from '../../../core/match/status';

/**
 * The publish form's rules, in the browser: which matches can be chosen, how the priced markets
 * are grouped, and the same field checks the server makes (server/modules/forecast/publish-plan.ts),
 * with the same message keys, so a reader sees the sentence before the round trip. The server
 * checks everything again.
 */

export interface UpcomingMatch {
  id: number;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  /** unix seconds */
  matchTime: number;
}

/** How many days of lists (today and the next ones) the match choice offers. */
export const UPCOMING_DAYS = 3;

/**
 * Not-started matches of the day lists that kick off after `nowSec`, in kick-off order (then by
 * id, football first), each once.
 */
export function upcomingMatches(options: { football: readonly FootballListData[]; basketball: readonly BasketballData[]; nowSec: number }): UpcomingMatch[] {
  const found = new Map<string, UpcomingMatch>();
  for (const data of options.football) {
    for (const group of [...data.soonGlobal, ...data.scheduledGlobal]) {
      const competition = data.competitionIndexArr.all[String(group.competition_id)]?.name ?? '';
      for (const match of group.matches) {
        if (match.status_id !== FOOTBALL_STATUS.NOT_STARTED || match.match_time <= options.nowSec) continue;
        found.set(`football:${match.match_id}`, {
          id: match.match_id,
          sport: 'football',
          competition,
          home: match.home_team_name,
          away: match.away_team_name,
          matchTime: match.match_time,
        });
      }
    }
  }
  for (const data of options.basketball) {
    const names = new Map(data.competitionList.map((c) => [c.competition_id, c.name]));
    for (const match of data.matchWaitList) {
      if (match.status_id !== BASKETBALL_STATUS.NOT_STARTED || match.match_time <= options.nowSec) continue;
      found.set(`basketball:${match.match_id}`, {
        id: match.match_id,
        sport: 'basketball',
        competition: names.get(match.competition_id) ?? '',
        home: match.home_team_name,
        away: match.away_team_name,
        matchTime: match.match_time,
      });
    }
  }
  return [...found.values()].sort(
    (a, b) => a.matchTime - b.matchTime || (a.sport === b.sport ? 0 : a.sport === 'football' ? -1 : 1) || a.id - b.id,
  );
}

export interface MarketGroup {
  market: Market;
  period: Period;
  /** every option, row after row */
  options: PricedSelection[];
  /** one row per line: its two sides together (over and under of a total, the home and away sides of a handicap); 1X2 and most corners one row */
  rows: { line: number | null; options: PricedSelection[] }[];
}

/** The line a selection's row goes by: the home side's handicap, the total, or none. */
function rowLine(selection: PricedSelection): number | null {
  if (selection.market === 'handicap') return selection.pick === 'home' ? selection.line : -(selection.line ?? 0);
  return isTotalMarket(selection.market) ? selection.line : null;
}

/**
 * The priced selections by market and period in the contract's order (1X2, handicap, over/under,
 * then corners over/under and most corners, which football matches with corner data have, full
 * time only; full time before half time), each group in rows by line (lowest first), each row's
 * options by pick (home, draw, away, over, under): over 2.5 sits beside under 2.5.
 */
export function groupMarkets(markets: readonly PricedSelection[]): MarketGroup[] {
  const groups: MarketGroup[] = [];
  for (const market of MARKETS) {
    for (const period of PERIODS) {
      const rows = new Map<string, { line: number | null; options: PricedSelection[] }>();
      for (const option of markets.filter((m) => m.market === market && m.period === period)) {
        const line = rowLine(option);
        const row = rows.get(String(line)) ?? { line, options: [] };
        row.options.push(option);
        rows.set(String(line), row);
      }
      const sorted = [...rows.values()]
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
        .map((row) => ({ ...row, options: row.options.sort((a, b) => MARKET_PICKS[market].indexOf(a.pick) - MARKET_PICKS[market].indexOf(b.pick)) }));
      if (sorted.length > 0) groups.push({ market, period, options: sorted.flatMap((row) => row.options), rows: sorted });
    }
  }
  return groups;
}

/** A selection as one string, for radio values and keys. */
export function selectionKey(selection: Selection): string {
  return `${selection.market}:${selection.period}:${selection.pick}:${selection.line ?? ''}`;
}

/** Characters of a description as the server counts them: code points of the trimmed text. */
export function descriptionLength(description: string): number {
  return Array.from(description.trim()).length;
}

/** Whether a description is also posted to the community as an excerpt (over 100 characters). */
export function syncsToCommunity(description: string): boolean {
  return descriptionLength(description) > PLAN_COMMUNITY_SYNC_THRESHOLD;
}

export interface PublishFormValues {
  matchId: number | null;
  selection: Selection | null;
  description: string;
  free: boolean;
  /** as typed in the number field */
  price: string;
}

export const EMPTY_PUBLISH_FORM: PublishFormValues = { matchId: null, selection: null, description: '', free: false, price: '' };

export type PublishField = 'match_id' | 'selection' | 'description' | 'price';
export const PUBLISH_FIELDS: readonly PublishField[] = ['match_id', 'selection', 'description', 'price'];

/** An i18next key (a core/messages key in `messages:`, or one of this page's) with its parameters. */
export interface FieldMessage {
  key: string;
  params?: Record<string, number>;
}

export type PublishCheck = { ok: true; body: Omit<PublishPlanBody, 'idempotency_key'> } | { ok: false; errors: Partial<Record<PublishField, FieldMessage>> };

/** The form's values checked as the server checks them; the request body when they pass. */
export function checkPublishForm(values: PublishFormValues): PublishCheck {
  const errors: Partial<Record<PublishField, FieldMessage>> = {};
  if (values.matchId === null) errors.match_id = { key: 'messages:forecast.matchId.invalid' };
  if (values.selection === null) errors.selection = { key: 'forecast:publish.selectionRequired' };
  const length = descriptionLength(values.description);
  if (length === 0) errors.description = { key: 'messages:forecast.description.required' };
  else if (length > PLAN_DESCRIPTION_MAX) errors.description = { key: 'messages:forecast.description.tooLong', params: { max: PLAN_DESCRIPTION_MAX } };
  let price: number | undefined;
  if (!values.free) {
    const typed = values.price.trim();
    price = typed === '' ? undefined : Number(typed);
    if (price === undefined || Number.isNaN(price)) errors.price = { key: 'messages:forecast.price.required' };
    else if (price <= 0) errors.price = { key: 'messages:forecast.price.positive' };
    else if (!Number.isInteger(price)) errors.price = { key: 'messages:forecast.price.integer' };
    else if (price < PLAN_PRICE_MIN || price > PLAN_PRICE_MAX) errors.price = { key: 'messages:forecast.price.range', params: { min: PLAN_PRICE_MIN, max: PLAN_PRICE_MAX } };
  }
  if (Object.keys(errors).length > 0 || values.matchId === null || values.selection === null) return { ok: false, errors };
  const { market, period, pick, line } = values.selection;
  return {
    ok: true,
    body: {
      match_id: values.matchId,
      selection: { market, period, pick, line },
      description: values.description.trim(),
      free: values.free,
      ...(values.free ? {} : { price }),
    },
  };
}
