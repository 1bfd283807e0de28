/**
 * Which catalog team a data file's team name is (decision 097). Written out by hand, one line
 * per name, because the files spell clubs their own way ("Barcelona", "Bayern München (GER)")
 * and a guess by similarity would pair the wrong clubs sooner or later. A name missing here is
 * left out of the pools, never matched loosely. Catalog names are those of catalog.json
 * (football teams; one club keeps one name across its competitions).
 */

export type SquadSource = 'statsbomb' | 'openfootball-clubworldcup';

export interface TeamNameMapping {
  source: SquadSource;
  /** the team as the data file writes it */
  dataName: string;
  /** the football team of catalog.json */
  catalogName: string;
}

export const TEAM_NAME_MAPPINGS: readonly TeamNameMapping[] = [
  // StatsBomb open data, La Liga 2018-19 (lineups and events of matches 15946 and 15986).
  { source: 'statsbomb', dataName: 'Barcelona', catalogName: 'FC Barcelona' },
  {
    source: 'statsbomb',
    dataName: 'Deportivo Alavés',
    catalogName: 'Deportivo Alavés',
  },
  { source: 'statsbomb', dataName: 'Girona', catalogName: 'Girona FC' },
  // openfootball/worldcup.json, Club World Cup 2025: the clubs the catalog also has. The file
  // carries no goal scorers today (only scores), so these give no players yet; they are kept
  // so that a copy of the file with `goals1`/`goals2` fills the pools without new code.
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Real Madrid (ESP)',
    catalogName: 'Real Madrid CF',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Atlético Madrid (ESP)',
    catalogName: 'Club Atlético de Madrid',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Bayern München (GER)',
    catalogName: 'FC Bayern München',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Borussia Dortmund (GER)',
    catalogName: 'Borussia Dortmund',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Paris Saint-Germain (FRA)',
    catalogName: 'Paris Saint-Germain FC',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Chelsea FC (ENG)',
    catalogName: 'Chelsea FC',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Manchester City (ENG)',
    catalogName: 'Manchester City FC',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Inter (ITA)',
    catalogName: 'FC Internazionale Milano',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Juventus (ITA)',
    catalogName: 'Juventus FC',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'SL Benfica (POR)',
    catalogName: 'Sport Lisboa e Benfica',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'FC Porto (POR)',
    catalogName: 'FC Porto',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Flamengo RJ (BRA)',
    catalogName: 'CR Flamengo',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Palmeiras (BRA)',
    catalogName: 'SE Palmeiras',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Botafogo RJ (BRA)',
    catalogName: 'Botafogo FR',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Fluminense RJ (BRA)',
    catalogName: 'Fluminense FC',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'River Plate (ARG)',
    catalogName: 'River Plate',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Boca Juniors (ARG)',
    catalogName: 'Boca Juniors',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Inter Miami CF (USA)',
    catalogName: 'Inter Miami CF',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Los Angeles FC (USA)',
    catalogName: 'Los Angeles FC',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Seattle Sounders (USA)',
    catalogName: 'Seattle Sounders',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'RB Salzburg (AUT)',
    catalogName: 'FC Red Bull Salzburg',
  },
  {
    source: 'openfootball-clubworldcup',
    dataName: 'Urawa Red Diamonds (JPN)',
    catalogName: 'Urawa Red Diamonds',
  },
];

/** The catalog name of a data file's team, or null when the mapping does not list it. */
export function catalogNameOf(source: SquadSource, dataName: string): string | null {
  return TEAM_NAME_MAPPINGS.find((mapping) => mapping.source === source && mapping.dataName === dataName)?.catalogName ?? null;
}
