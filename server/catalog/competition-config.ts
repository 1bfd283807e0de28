import type { StandingsRulesName } from '../../core/standings/rules';
import type { SeasonKind } from '../db/schema/seasons';

/**
 * What each competition of the catalog does with tables and imports: the tie-break chain of
 * its standings (core/standings/rules.ts), the openfootball codes its files carry
 * (`2023-24/en.1.json`), the kind of season they hold, and whether team names carry a country
 * suffix ("Liverpool FC (ENG)") that the catalog leaves off.
 *
 * This is configuration, not code: a new competition gets a line here, and its table is sorted
 * by the chain named, never by a sort written for it.
 */
export interface CompetitionConfig {
  standingsRules: StandingsRulesName;
  openfootballCodes: readonly string[];
  seasonKind: SeasonKind;
  /** whether a league table means anything (a knockout cup has none) */
  hasTable: boolean;
  countrySuffixInNames: boolean;
  /**
   * The IANA zone the competition's fixtures are published in: openfootball gives a local date
   * and time ("2023-08-11", "20:00"), which the importer turns into UTC with this zone.
   */
  timeZone: string;
}

export const COMPETITION_CONFIG: Readonly<Record<number, CompetitionConfig>> = {
  1: { standingsRules: 'super-lig', openfootballCodes: ['tr.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Istanbul' },
  2: { standingsRules: 'premier-league', openfootballCodes: ['en.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/London' },
  3: { standingsRules: 'la-liga', openfootballCodes: ['es.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Madrid' },
  4: { standingsRules: 'bundesliga', openfootballCodes: ['de.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Berlin' },
  5: { standingsRules: 'serie-a', openfootballCodes: ['it.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Rome' },
  6: { standingsRules: 'uefa-league-phase', openfootballCodes: ['uefa.cl'], seasonKind: 'group', hasTable: true, countrySuffixInNames: true, timeZone: 'Europe/Berlin' },
  7: { standingsRules: 'super-lig', openfootballCodes: ['tr.cup'], seasonKind: 'playoffs', hasTable: false, countrySuffixInNames: false, timeZone: 'Europe/Istanbul' },
  // Leagues in other time zones and more of Europe (decision 091). Their own tie-break chains are
  // not written in core/standings yet: points, goal difference, goals scored until they are.
  8: { standingsRules: 'brasileirao', openfootballCodes: ['br.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'America/Sao_Paulo' },
  9: { standingsRules: 'premier-league', openfootballCodes: ['ar.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'America/Argentina/Buenos_Aires' },
  10: { standingsRules: 'mls', openfootballCodes: ['mls'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'America/New_York' },
  11: { standingsRules: 'premier-league', openfootballCodes: ['jp.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Asia/Tokyo' },
  12: { standingsRules: 'premier-league', openfootballCodes: ['cn.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Asia/Shanghai' },
  13: { standingsRules: 'premier-league', openfootballCodes: ['fr.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Paris' },
  14: { standingsRules: 'premier-league', openfootballCodes: ['nl.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Amsterdam' },
  15: { standingsRules: 'premier-league', openfootballCodes: ['pt.1'], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Lisbon' },
  // National teams (decision 088): worldcup.json writes kick-offs with their UTC offset.
  201: { standingsRules: 'fifa-group', openfootballCodes: ['worldcup'], seasonKind: 'group', hasTable: true, countrySuffixInNames: false, timeZone: 'UTC' },
  // UEFA EURO 2024 regulations, article 20: head-to-head first — the Süper Lig's chain, criterion for criterion.
  202: { standingsRules: 'super-lig', openfootballCodes: ['euro'], seasonKind: 'group', hasTable: true, countrySuffixInNames: false, timeZone: 'UTC' },
  101: { standingsRules: 'basketball', openfootballCodes: [], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'America/New_York' },
  102: { standingsRules: 'basketball', openfootballCodes: [], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Istanbul' },
  103: { standingsRules: 'basketball', openfootballCodes: [], seasonKind: 'regular', hasTable: true, countrySuffixInNames: false, timeZone: 'Europe/Berlin' },
};

/** Competitions not in the catalog (created by an import) use this chain unless told otherwise. */
export const DEFAULT_STANDINGS_RULES: StandingsRulesName = 'premier-league';

/** …and read local kick-off times in this zone, unless the file gives an offset ("18:00 UTC+3"). */
export const DEFAULT_TIME_ZONE = 'UTC';

export function competitionConfig(competitionId: number): CompetitionConfig | undefined {
  return COMPETITION_CONFIG[competitionId];
}

/** The catalog competition whose openfootball files carry `code` ("en.1"), if any. */
export function competitionForOpenfootballCode(code: string): number | undefined {
  for (const [id, config] of Object.entries(COMPETITION_CONFIG)) {
    if (config.openfootballCodes.includes(code)) return Number(id);
  }
  return undefined;
}
