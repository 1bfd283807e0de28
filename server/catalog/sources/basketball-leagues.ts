/**
 * Hand-written basketball teams (team names are facts).
 *
 * NBA: the 30 franchises under their current names; strengths come from playoff results in
 * the NocturneBear data (scripts/build-catalog.ts), the abbreviation joins them.
 *
 * Basketbol Süper Ligi 2025-26 and EuroLeague 2025-26: the clubs of that season (BSL: the 16
 * teams of the TBF fixture draw of 20 August 2025, promoted Trabzonspor and Esenler Erokspor
 * included; EuroLeague: the 20 clubs of the expanded 2025-26 season). Their strengths are graded
 * by hand from the 2024-25 standings as we know them (champions and EuroLeague regulars high,
 * promoted clubs and newcomers low): approximate, and only used to make simulated scores
 * plausible.
 */

export interface NbaFranchise {
  abbreviation: string;
  name: string;
  shortName: string;
}

export const NBA_FRANCHISES: NbaFranchise[] = [
  { abbreviation: 'ATL', name: 'Atlanta Hawks', shortName: 'Hawks' },
  { abbreviation: 'BOS', name: 'Boston Celtics', shortName: 'Celtics' },
  { abbreviation: 'BKN', name: 'Brooklyn Nets', shortName: 'Nets' },
  { abbreviation: 'CHA', name: 'Charlotte Hornets', shortName: 'Hornets' },
  { abbreviation: 'CHI', name: 'Chicago Bulls', shortName: 'Bulls' },
  { abbreviation: 'CLE', name: 'Cleveland Cavaliers', shortName: 'Cavaliers' },
  { abbreviation: 'DAL', name: 'Dallas Mavericks', shortName: 'Mavericks' },
  { abbreviation: 'DEN', name: 'Denver Nuggets', shortName: 'Nuggets' },
  { abbreviation: 'DET', name: 'Detroit Pistons', shortName: 'Pistons' },
  { abbreviation: 'GSW', name: 'Golden State Warriors', shortName: 'Warriors' },
  { abbreviation: 'HOU', name: 'Houston Rockets', shortName: 'Rockets' },
  { abbreviation: 'IND', name: 'Indiana Pacers', shortName: 'Pacers' },
  { abbreviation: 'LAC', name: 'LA Clippers', shortName: 'Clippers' },
  { abbreviation: 'LAL', name: 'Los Angeles Lakers', shortName: 'Lakers' },
  { abbreviation: 'MEM', name: 'Memphis Grizzlies', shortName: 'Grizzlies' },
  { abbreviation: 'MIA', name: 'Miami Heat', shortName: 'Heat' },
  { abbreviation: 'MIL', name: 'Milwaukee Bucks', shortName: 'Bucks' },
  { abbreviation: 'MIN', name: 'Minnesota Timberwolves', shortName: 'Timberwolves' },
  { abbreviation: 'NOP', name: 'New Orleans Pelicans', shortName: 'Pelicans' },
  { abbreviation: 'NYK', name: 'New York Knicks', shortName: 'Knicks' },
  { abbreviation: 'OKC', name: 'Oklahoma City Thunder', shortName: 'Thunder' },
  { abbreviation: 'ORL', name: 'Orlando Magic', shortName: 'Magic' },
  { abbreviation: 'PHI', name: 'Philadelphia 76ers', shortName: '76ers' },
  { abbreviation: 'PHX', name: 'Phoenix Suns', shortName: 'Suns' },
  { abbreviation: 'POR', name: 'Portland Trail Blazers', shortName: 'Trail Blazers' },
  { abbreviation: 'SAC', name: 'Sacramento Kings', shortName: 'Kings' },
  { abbreviation: 'SAS', name: 'San Antonio Spurs', shortName: 'Spurs' },
  { abbreviation: 'TOR', name: 'Toronto Raptors', shortName: 'Raptors' },
  { abbreviation: 'UTA', name: 'Utah Jazz', shortName: 'Jazz' },
  { abbreviation: 'WAS', name: 'Washington Wizards', shortName: 'Wizards' },
];

export interface GradedTeam {
  name: string;
  shortName: string;
  strength: number;
}

export const BSL_2025_26: GradedTeam[] = [
  { name: 'Fenerbahçe Beko', shortName: 'Fenerbahçe', strength: 0.95 },
  { name: 'Anadolu Efes', shortName: 'Anadolu Efes', strength: 0.88 },
  { name: 'Beşiktaş GAİN', shortName: 'Beşiktaş', strength: 0.74 },
  { name: 'Türk Telekom', shortName: 'Türk Telekom', strength: 0.72 },
  { name: 'Galatasaray MCT Technic', shortName: 'Galatasaray', strength: 0.7 },
  { name: 'Bahçeşehir Koleji', shortName: 'Bahçeşehir', strength: 0.68 },
  { name: 'Karşıyaka', shortName: 'Karşıyaka', strength: 0.6 },
  { name: 'Tofaş', shortName: 'Tofaş', strength: 0.6 },
  { name: 'Manisa Basket', shortName: 'Manisa', strength: 0.55 },
  { name: 'Aliağa Petkimspor', shortName: 'Petkimspor', strength: 0.5 },
  { name: 'Bursaspor Basketbol', shortName: 'Bursaspor', strength: 0.5 },
  { name: 'Yukatel Merkezefendi Belediyesi Basket', shortName: 'Merkezefendi', strength: 0.45 },
  { name: 'Onvo Büyükçekmece Basketbol', shortName: 'Büyükçekmece', strength: 0.42 },
  { name: 'Mersinspor', shortName: 'Mersinspor', strength: 0.4 },
  { name: 'Trabzonspor', shortName: 'Trabzonspor', strength: 0.35 },
  { name: 'Esenler Erokspor', shortName: 'Erokspor', strength: 0.35 },
];

export const EUROLEAGUE_2025_26: GradedTeam[] = [
  { name: 'Fenerbahçe Beko', shortName: 'Fenerbahçe', strength: 0.92 },
  { name: 'Olympiacos', shortName: 'Olympiacos', strength: 0.92 },
  { name: 'Panathinaikos', shortName: 'Panathinaikos', strength: 0.88 },
  { name: 'AS Monaco', shortName: 'Monaco', strength: 0.85 },
  { name: 'Real Madrid', shortName: 'Real Madrid', strength: 0.82 },
  { name: 'FC Barcelona', shortName: 'Barcelona', strength: 0.8 },
  { name: 'Anadolu Efes', shortName: 'Anadolu Efes', strength: 0.7 },
  { name: 'FC Bayern Munich', shortName: 'Bayern', strength: 0.68 },
  { name: 'Partizan', shortName: 'Partizan', strength: 0.66 },
  { name: 'Crvena Zvezda', shortName: 'Crvena Zvezda', strength: 0.66 },
  { name: 'Paris Basketball', shortName: 'Paris', strength: 0.64 },
  { name: 'EA7 Emporio Armani Milan', shortName: 'Milan', strength: 0.62 },
  { name: 'Žalgiris Kaunas', shortName: 'Žalgiris', strength: 0.6 },
  { name: 'Valencia Basket', shortName: 'Valencia', strength: 0.6 },
  { name: 'Hapoel Tel Aviv', shortName: 'Hapoel', strength: 0.6 },
  { name: 'Baskonia', shortName: 'Baskonia', strength: 0.52 },
  { name: 'Virtus Bologna', shortName: 'Virtus', strength: 0.5 },
  { name: 'Maccabi Tel Aviv', shortName: 'Maccabi', strength: 0.48 },
  { name: 'LDLC ASVEL', shortName: 'ASVEL', strength: 0.4 },
  { name: 'Dubai Basketball', shortName: 'Dubai', strength: 0.4 },
];
