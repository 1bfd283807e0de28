/**
 * What fans call the catalogue's competitions besides their three names: Chinese fans write
 * 英超 for the Premier League (英格兰超级联赛), Turkish fans "Şampiyonlar Ligi" or "ŞL",
 * English ones "Champions League". Keyed by the catalogue's competition id (stable across
 * restarts, server/catalog). Matched like names, after folding.
 */
export const COMPETITION_ALIASES: Readonly<Record<number, readonly string[]>> = {
  1: ['土超', 'Süper Lig', 'Super Lig', 'Turkish Super League'],
  2: ['英超', 'EPL', 'English Premier League', 'Premier Lig'],
  3: ['西甲', 'LaLiga', 'Spanish La Liga'],
  4: ['德甲', 'German Bundesliga'],
  5: ['意甲', 'Italian Serie A'],
  6: ['欧冠', 'Champions League', 'Şampiyonlar Ligi', 'ŞL', 'UCL'],
  7: ['土耳其杯', 'Ziraat Türkiye Kupası', 'Turkish Cup'],
  8: ['巴甲', 'Brasileirão', 'Brezilya Ligi'],
  9: ['阿甲', 'Liga Profesional'],
  10: ['美职联', '美职足', 'MLS'],
  11: ['日职联', 'J-League', 'J League'],
  12: ['中超', 'CSL', 'Chinese Super League'],
  13: ['法甲', 'French Ligue 1'],
  14: ['荷甲', 'Dutch Eredivisie'],
  15: ['葡超', 'Liga Portugal'],
  101: ['美职篮'],
  102: ['土篮超', 'BSL', 'Türkiye Basketbol Ligi'],
  103: ['欧篮联', 'Euroleague Basketball'],
};
