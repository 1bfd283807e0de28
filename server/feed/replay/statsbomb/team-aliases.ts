/**
 * StatsBomb's club and national-team names where the catalogue (openfootball's names) spells
 * the same team differently, so a replayed match joins the real club: its crest, colours and head-to-head.
 * A name not listed here is looked up as it is, and created as a new team when missing.
 */
const CATALOG_NAMES: Readonly<Record<string, string>> = {
  // La Liga
  Barcelona: 'FC Barcelona',
  'Real Madrid': 'Real Madrid CF',
  'Atlético Madrid': 'Club Atlético de Madrid',
  Sevilla: 'Sevilla FC',
  Valencia: 'Valencia CF',
  Villarreal: 'Villarreal CF',
  'Real Betis': 'Real Betis Balompié',
  'Real Sociedad': 'Real Sociedad de Fútbol',
  'Celta Vigo': 'RC Celta de Vigo',
  Espanyol: 'RCD Espanyol de Barcelona',
  Getafe: 'Getafe CF',
  Osasuna: 'CA Osasuna',
  Girona: 'Girona FC',
  'Rayo Vallecano': 'Rayo Vallecano de Madrid',
  Levante: 'Levante UD',
  Mallorca: 'RCD Mallorca',
  Elche: 'Elche CF',
  // Premier League
  Arsenal: 'Arsenal FC',
  Chelsea: 'Chelsea FC',
  Liverpool: 'Liverpool FC',
  'Manchester City': 'Manchester City FC',
  'Manchester United': 'Manchester United FC',
  'Tottenham Hotspur': 'Tottenham Hotspur FC',
  Everton: 'Everton FC',
  'Aston Villa': 'Aston Villa FC',
  Fulham: 'Fulham FC',
  'Newcastle United': 'Newcastle United FC',
  'West Ham United': 'West Ham United FC',
  'Crystal Palace': 'Crystal Palace FC',
  'Wolverhampton Wanderers': 'Wolverhampton Wanderers FC',
  'Leeds United': 'Leeds United FC',
  Burnley: 'Burnley FC',
  Brentford: 'Brentford FC',
  'Brighton & Hove Albion': 'Brighton & Hove Albion FC',
  Bournemouth: 'AFC Bournemouth',
  'AFC Bournemouth': 'AFC Bournemouth',
  Sunderland: 'Sunderland AFC',
  'Nottingham Forest': 'Nottingham Forest FC',
  // elsewhere
  'Bayern Munich': 'FC Bayern München',
  'Bayer Leverkusen': 'Bayer 04 Leverkusen',
  Juventus: 'Juventus FC',
  'Inter Milan': 'FC Internazionale Milano',
  'Paris Saint-Germain': 'Paris Saint-Germain FC',
  // national teams, where other sources name them otherwise than openfootball's World Cup files
  // (the catalogue's national teams, server/catalog/national-teams.json)
  'United States': 'USA',
  'Korea Republic': 'South Korea',
  'IR Iran': 'Iran',
  "Côte d'Ivoire": 'Ivory Coast',
  "Cote d'Ivoire": 'Ivory Coast',
  'Bosnia and Herzegovina': 'Bosnia & Herzegovina',
  Czechia: 'Czech Republic',
  Türkiye: 'Turkey',
  'Congo DR': 'DR Congo',
  Curacao: 'Curaçao',
  'Cabo Verde': 'Cape Verde',
};

/** The catalogue's name of a club StatsBomb calls `name` (the name itself when they agree). */
export function toCatalogTeamName(name: string): string {
  return CATALOG_NAMES[name] ?? name;
}
