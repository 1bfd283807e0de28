import { splitCountrySuffix } from './football-results';

/**
 * Short names for football clubs, for tight places (scoreboards, tables on a phone). A rule
 * covers most clubs; the clubs whose usual short name no rule gives are listed by hand.
 */

/**
 * Clubs whose short name is a convention rather than a shortening (Wolves, PSG, Inter), or
 * drops a city, sponsor or founding name a rule cannot tell from the club's own name.
 */
const KNOWN_SHORT_NAMES: Readonly<Record<string, string>> = {
  // Türkiye
  'Fatih Karagümrük': 'Karagümrük',
  'Çaykur Rizespor': 'Rizespor',
  'İstanbul Başakşehir': 'Başakşehir',
  'BB Erzurumspor': 'Erzurumspor',
  'MKE Ankaragücü': 'Ankaragücü',
  // England
  'Brighton & Hove Albion FC': 'Brighton',
  'Manchester City FC': 'Man City',
  'Manchester United FC': 'Man United',
  'Nottingham Forest FC': "Nott'm Forest",
  'Tottenham Hotspur FC': 'Tottenham',
  'Wolverhampton Wanderers FC': 'Wolves',
  // Spain
  'Athletic Club': 'Athletic',
  'Club Atlético de Madrid': 'Atlético',
  'Real Betis Balompié': 'Betis',
  // Germany
  'Bayer 04 Leverkusen': 'Leverkusen',
  'Borussia Mönchengladbach': "M'gladbach",
  'FC Bayern München': 'Bayern',
  // Italy
  'FC Internazionale Milano': 'Inter',
  // elsewhere in Europe
  'FC Red Bull Salzburg': 'Salzburg',
  'FK Shakhtar Donetsk': 'Shakhtar',
  'Feyenoord Rotterdam': 'Feyenoord',
  'Paris Saint-Germain FC': 'PSG',
  'Sport Lisboa e Benfica': 'Benfica',
  'Sporting Clube de Portugal': 'Sporting CP',
  'Stade Brestois 29': 'Brest',
  'ŠK Slovan Bratislava': 'Slovan',
};

/** Abbreviated legal or club forms: Football Club, Spor Kulübü, Verein für Bewegungsspiele… */
const CLUB_FORMS = new Set([
  'AC',
  'ACF',
  'AFC',
  'AS',
  'AŞ',
  'BC',
  'BSC',
  'CA',
  'CD',
  'CF',
  'CFC',
  'FC',
  'FK',
  'FSK',
  'FSV',
  'GNK',
  'HNK',
  'KV',
  'NK',
  'OSC',
  'RC',
  'RCD',
  'SC',
  'SD',
  'SK',
  'SS',
  'SSC',
  'SV',
  'TSG',
  'UD',
  'US',
  'VfB',
  'VfL',
  'ŠK',
]);

/** Words that describe rather than name a club ("union", "sporting", "football", "Greece"). */
const GENERIC_WORDS = new Set(['Borussia', 'Calcio', 'Deportivo', 'Eintracht', 'Hellas', 'United']);

/** Founding years and numbers ("1846", "05", "1461") and ordinals such as the "1." of "1. FC". */
const NUMBER = /^\d+\.?$/u;

/** Drops a Spanish or Portuguese " de <place>" tail: "RC Celta de Vigo" → "RC Celta". */
function withoutDeTail(name: string): string {
  const at = name.indexOf(' de ');
  return at > 0 ? name.slice(0, at) : name;
}

function isNoise(word: string): boolean {
  return CLUB_FORMS.has(word) || GENERIC_WORDS.has(word) || NUMBER.test(word);
}

/**
 * Short name of a football club. Rules, in order:
 * 1. a "(TUR)"-style country suffix is dropped;
 * 2. clubs in the hand-written list get their conventional short name ("Man City", "PSG");
 * 3. otherwise a " de <place>" tail is cut ("Rayo Vallecano de Madrid" → "Rayo Vallecano"),
 *    then club forms (FC, SK, AŞ, VfB…), numbers ("1846", "1.") and generic words
 *    (United, Borussia, Calcio…) are dropped: "1. FC Heidenheim 1846" → "Heidenheim",
 *    "Kasımpaşa SK" → "Kasımpaşa", "Leeds United FC" → "Leeds".
 * If nothing would be left ("PSV", "FC") the name is kept whole. Letters, diacritics and case
 * are never changed.
 */
export function deriveShortName(fullName: string): string {
  const name = splitCountrySuffix(fullName.trim()).name;
  const known = KNOWN_SHORT_NAMES[name];
  if (known !== undefined) return known;
  const words = withoutDeTail(name)
    .split(/\s+/u)
    .filter((word) => word !== '' && !isNoise(word));
  return words.length > 0 ? words.join(' ') : name;
}
