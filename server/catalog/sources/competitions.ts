import type { Sport } from '../../../core/contracts/matches';

/**
 * The competitions Tribün covers, with their names in the three site languages. Ids are fixed
 * here by hand so that they never move when the data is regenerated.
 */
export interface CompetitionSource {
  id: number;
  sport: Sport;
  names: { tr: string; en: string; zh: string };
  shortName: string;
  country: string;
  hotRank: number;
  colors: [string, string];
  season: string;
}

export const SUPER_LIG: CompetitionSource = {
  id: 1,
  sport: 'football',
  names: { tr: 'Süper Lig', en: 'Turkish Süper Lig', zh: '土耳其超级联赛' },
  shortName: 'TSL',
  country: 'TUR',
  hotRank: 1,
  colors: ['#e30a17', '#ffffff'],
  season: '2025-26',
};

export const PREMIER_LEAGUE: CompetitionSource = {
  id: 2,
  sport: 'football',
  names: { tr: 'İngiltere Premier Lig', en: 'Premier League', zh: '英格兰超级联赛' },
  shortName: 'EPL',
  country: 'ENG',
  hotRank: 3,
  colors: ['#3d195b', '#00ff85'],
  season: '2025-26',
};

export const LA_LIGA: CompetitionSource = {
  id: 3,
  sport: 'football',
  names: { tr: 'İspanya La Liga', en: 'La Liga', zh: '西班牙甲级联赛' },
  shortName: 'LaLiga',
  country: 'ESP',
  hotRank: 4,
  colors: ['#ee3524', '#ffffff'],
  season: '2025-26',
};

export const BUNDESLIGA: CompetitionSource = {
  id: 4,
  sport: 'football',
  names: { tr: 'Almanya Bundesliga', en: 'Bundesliga', zh: '德国甲级联赛' },
  shortName: 'BL',
  country: 'GER',
  hotRank: 5,
  colors: ['#d20515', '#ffffff'],
  season: '2025-26',
};

export const SERIE_A: CompetitionSource = {
  id: 5,
  sport: 'football',
  names: { tr: 'İtalya Serie A', en: 'Serie A', zh: '意大利甲级联赛' },
  shortName: 'SA',
  country: 'ITA',
  hotRank: 6,
  colors: ['#024494', '#ffffff'],
  season: '2025-26',
};

export const CHAMPIONS_LEAGUE: CompetitionSource = {
  id: 6,
  sport: 'football',
  names: { tr: 'UEFA Şampiyonlar Ligi', en: 'UEFA Champions League', zh: '欧洲冠军联赛' },
  shortName: 'UCL',
  country: 'EUR',
  hotRank: 2,
  colors: ['#0e1e5b', '#ffffff'],
  season: '2024-25',
};

export const TURKISH_CUP: CompetitionSource = {
  id: 7,
  sport: 'football',
  names: { tr: 'Türkiye Kupası', en: 'Turkish Cup', zh: '土耳其杯' },
  shortName: 'TK',
  country: 'TUR',
  hotRank: 0,
  colors: ['#e30a17', '#fdb913'],
  season: '2024-25',
};

export const NBA: CompetitionSource = {
  id: 101,
  sport: 'basketball',
  names: { tr: 'NBA', en: 'NBA', zh: '美国职业篮球联赛' },
  shortName: 'NBA',
  country: 'USA',
  hotRank: 3,
  colors: ['#1d428a', '#c8102e'],
  season: '2025-26',
};

export const BASKETBOL_SUPER_LIGI: CompetitionSource = {
  id: 102,
  sport: 'basketball',
  names: { tr: 'Basketbol Süper Ligi', en: 'Turkish Basketball Super League', zh: '土耳其篮球超级联赛' },
  shortName: 'BSL',
  country: 'TUR',
  hotRank: 1,
  colors: ['#f47b20', '#1d1d1b'],
  season: '2025-26',
};

export const EUROLEAGUE: CompetitionSource = {
  id: 103,
  sport: 'basketball',
  names: { tr: 'EuroLeague', en: 'EuroLeague', zh: '欧洲篮球联赛' },
  shortName: 'EL',
  country: 'EUR',
  hotRank: 2,
  colors: ['#f37021', '#000000'],
  season: '2025-26',
};

// Leagues in other time zones, so football is on at most hours of the day (ids 8–30 for football leagues).

export const BRASILEIRAO: CompetitionSource = {
  id: 8,
  sport: 'football',
  names: { tr: 'Brezilya Serie A', en: 'Brasileirão Série A', zh: '巴西足球甲级联赛' },
  shortName: 'BSA',
  country: 'BRA',
  hotRank: 0,
  colors: ['#009c3b', '#ffdf00'],
  season: '2026',
};

export const ARGENTINA_PRIMERA: CompetitionSource = {
  id: 9,
  sport: 'football',
  names: { tr: 'Arjantin Primera División', en: 'Argentine Primera División', zh: '阿根廷足球甲级联赛' },
  shortName: 'LPF',
  country: 'ARG',
  hotRank: 0,
  colors: ['#75aadb', '#ffffff'],
  season: '2025',
};

export const MLS: CompetitionSource = {
  id: 10,
  sport: 'football',
  names: { tr: 'ABD Major League Soccer', en: 'Major League Soccer', zh: '美国职业足球大联盟' },
  shortName: 'MLS',
  country: 'USA',
  hotRank: 0,
  colors: ['#001f5b', '#c8102e'],
  season: '2025',
};

export const J1_LEAGUE: CompetitionSource = {
  id: 11,
  sport: 'football',
  names: { tr: 'Japonya J1 Ligi', en: 'J1 League', zh: '日本职业足球甲级联赛' },
  shortName: 'J1',
  country: 'JPN',
  hotRank: 0,
  colors: ['#bc002d', '#ffffff'],
  season: '2025',
};

export const CHINESE_SUPER_LEAGUE: CompetitionSource = {
  id: 12,
  sport: 'football',
  names: { tr: 'Çin Süper Ligi', en: 'Chinese Super League', zh: '中国足球协会超级联赛' },
  shortName: 'CSL',
  country: 'CHN',
  hotRank: 0,
  colors: ['#de2910', '#ffde00'],
  season: '2025',
};

export const LIGUE_1: CompetitionSource = {
  id: 13,
  sport: 'football',
  names: { tr: 'Fransa Ligue 1', en: 'Ligue 1', zh: '法国足球甲级联赛' },
  shortName: 'L1',
  country: 'FRA',
  hotRank: 0,
  colors: ['#091c3e', '#dae025'],
  season: '2025-26',
};

export const EREDIVISIE: CompetitionSource = {
  id: 14,
  sport: 'football',
  names: { tr: 'Hollanda Eredivisie', en: 'Eredivisie', zh: '荷兰足球甲级联赛' },
  shortName: 'ERE',
  country: 'NED',
  hotRank: 0,
  colors: ['#e4002b', '#ffffff'],
  season: '2025-26',
};

export const PRIMEIRA_LIGA: CompetitionSource = {
  id: 15,
  sport: 'football',
  names: { tr: 'Portekiz Primeira Liga', en: 'Primeira Liga', zh: '葡萄牙足球超级联赛' },
  shortName: 'PL',
  country: 'POR',
  hotRank: 0,
  colors: ['#006600', '#ff0000'],
  season: '2025-26',
};
