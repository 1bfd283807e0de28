import type { MetaDescriptor } from 'react-router';
import type { BasketballMatch, Competition, FootballMatch, Sport } from '../../../core/contracts/matches';
import { canonicalUrl, localizePath, splitLocalePath, type Locale } from '../../../core/locale';
import { BASKETBALL_STATUS, FOOTBALL_STATUS } from '../../../core/match/status';
import { getT } from '../../i18n/i18n';
import { findRootDataInMatches } from '../../lib/root-data';
import { isoOfLocale, zonedDate } from '../../lib/match-time';
import { rootTimeZone } from '../../lib/time-zone';
import { scoresMeta } from '../../lib/scores-meta';
import { formatMatchTime } from './format';

type AnyMatch = FootballMatch | BasketballMatch;

/** The values the specification's match page texts take (section 2). */
export function matchTextValues(match: AnyMatch, competition: Competition, locale: Locale, timeZone: string) {
  return {
    competitionName: competition.name,
    homeTeam: match.home_team_name,
    awayTeam: match.away_team_name,
    matchTime: formatMatchTime(match.match_time, locale, timeZone),
    year: Number(zonedDate(match.match_time * 1000, timeZone).slice(0, 4)),
  };
}

const SCHEMA_STATUS = 'https://schema.org/';

/** schema.org eventStatus of a match: cancelled, postponed (delayed), else scheduled. */
export function eventStatusOf(sport: Sport, statusId: number): string {
  if (sport === 'football') {
    if (statusId === FOOTBALL_STATUS.CANCELLED) return `${SCHEMA_STATUS}EventCancelled`;
    if (statusId === FOOTBALL_STATUS.DELAYED) return `${SCHEMA_STATUS}EventPostponed`;
    return `${SCHEMA_STATUS}EventScheduled`;
  }
  if (statusId === BASKETBALL_STATUS.CANCELLED) return `${SCHEMA_STATUS}EventCancelled`;
  if (statusId === BASKETBALL_STATUS.DELAYED) return `${SCHEMA_STATUS}EventPostponed`;
  return `${SCHEMA_STATUS}EventScheduled`;
}

function absolute(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/**
 * schema.org SportsEvent of a match page: both teams as SportsTeam, the competition as
 * organiser and series, the start in ISO 8601 (UTC), the match page's own address (without a
 * tab). There is no venue in our data, so `location` is left out rather than made up.
 */
export function sportsEventJsonLd(options: {
  sport: Sport;
  match: AnyMatch;
  competition: Competition;
  origin: string;
  locale: Locale;
  description: string;
}): Record<string, unknown> {
  const { sport, match, competition, origin, locale } = options;
  const page = (path: string) => absolute(origin, localizePath(path, locale));
  const team = (id: number, name: string, logo: string) => ({
    '@type': 'SportsTeam',
    name,
    ...(logo !== '' ? { logo: absolute(origin, logo) } : {}),
    url: page(`/team/${id}`),
  });
  const homeTeam = team(match.home_team_id, match.home_team_name, match.home_team_logo);
  const awayTeam = team(match.away_team_id, match.away_team_name, match.away_team_logo);
  const competitionUrl = page(`/competition/${competition.competition_id}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${match.home_team_name} – ${match.away_team_name}`,
    description: options.description,
    startDate: new Date(match.match_time * 1000).toISOString(),
    sport: sport === 'football' ? 'Soccer' : 'Basketball',
    eventStatus: eventStatusOf(sport, match.status_id),
    url: canonicalUrl(localizePath(`/${sport}/Details/${match.match_id}`, locale), origin),
    inLanguage: isoOfLocale(locale),
    homeTeam,
    awayTeam,
    competitor: [homeTeam, awayTeam],
    organizer: { '@type': 'SportsOrganization', name: competition.name, url: competitionUrl },
    superEvent: { '@type': 'EventSeries', name: competition.name, url: competitionUrl },
  };
}

/**
 * A match page's meta: title, description and keywords from the specification's texts
 * (competitionName, homeTeam, awayTeam, matchTime, year) in the page's language, canonical and
 * hreflang links, and the SportsEvent structured data.
 *
 * A simulated match is no real event (docs/decisions/090-pages-that-agree.md): its title says
 * "simulated", its description promises only what the simulator gives (score, goals, cards and
 * statistics), it carries no SportsEvent and is `noindex`. Imported results and replays keep all.
 */
export function matchPageMeta(options: {
  sport: Sport;
  match: AnyMatch;
  competition: Competition;
  location: { pathname: string };
  matches: Parameters<typeof scoresMeta>[0]['matches'];
}): MetaDescriptor[] {
  const { sport, match, competition } = options;
  const isSimulated = match.is_simulated === true;
  const key = `meta.${sport}Detail${isSimulated ? 'Simulated' : ''}`;
  const locale = splitLocalePath(options.location.pathname).locale;
  const root = findRootDataInMatches(options.matches as Parameters<typeof findRootDataInMatches>[0]);
  // The page's zone (decision 115): the text a crawler reads names the zone it is in.
  const values = matchTextValues(match, competition, locale, rootTimeZone(root, locale));
  const t = getT(locale, 'scores');
  const description = t(`${key}.description`, values);
  const origin = root?.requestOrigin ?? '';
  const meta = scoresMeta({
    location: options.location,
    matches: options.matches,
    title: () => t(`${key}.title`, values),
    description: () => description,
    extra: () => [{ name: 'keywords', content: t(`${key}.keywords`, values) }],
    noIndex: isSimulated,
  });
  if (isSimulated) return meta;
  return [...meta, { 'script:ld+json': sportsEventJsonLd({ sport, match, competition, origin, locale, description }) }];
}
