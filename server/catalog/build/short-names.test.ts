import { describe, expect, it } from 'vitest';
import { deriveShortName } from './short-names';

describe('deriveShortName', () => {
  it('drops club forms wherever they stand', () => {
    expect(deriveShortName('Arsenal FC')).toBe('Arsenal');
    expect(deriveShortName('AFC Bournemouth')).toBe('Bournemouth');
    expect(deriveShortName('Kasımpaşa SK')).toBe('Kasımpaşa');
    expect(deriveShortName('İstanbulspor AŞ')).toBe('İstanbulspor');
    expect(deriveShortName('VfB Stuttgart')).toBe('Stuttgart');
    expect(deriveShortName('AS Monaco FC')).toBe('Monaco');
  });

  it('drops founding years and the ordinal of "1. FC"', () => {
    expect(deriveShortName('1. FC Heidenheim 1846')).toBe('Heidenheim');
    expect(deriveShortName('1. FSV Mainz 05')).toBe('Mainz');
    expect(deriveShortName('1461 Trabzon FK')).toBe('Trabzon');
    expect(deriveShortName('Efeler 09 Spor')).toBe('Efeler Spor');
    expect(deriveShortName('Türk Metal 1963')).toBe('Türk Metal');
  });

  it('drops generic words and a " de <place>" tail', () => {
    expect(deriveShortName('Leeds United FC')).toBe('Leeds');
    expect(deriveShortName('Borussia Dortmund')).toBe('Dortmund');
    expect(deriveShortName('Parma Calcio 1913')).toBe('Parma');
    expect(deriveShortName('RC Celta de Vigo')).toBe('Celta');
    expect(deriveShortName('Real Sociedad de Fútbol')).toBe('Real Sociedad');
  });

  it('uses the conventional short name where no rule gives it', () => {
    expect(deriveShortName('Manchester City FC')).toBe('Man City');
    expect(deriveShortName('Nottingham Forest FC')).toBe("Nott'm Forest");
    expect(deriveShortName('Paris Saint-Germain FC')).toBe('PSG');
    expect(deriveShortName('Borussia Mönchengladbach')).toBe("M'gladbach");
    expect(deriveShortName('Çaykur Rizespor')).toBe('Rizespor');
  });

  it('drops a country suffix first', () => {
    expect(deriveShortName('Galatasaray (TUR)')).toBe('Galatasaray');
    expect(deriveShortName('Manchester City FC (ENG)')).toBe('Man City');
    expect(deriveShortName('Celtic FC (SCO)')).toBe('Celtic');
  });

  it('keeps diacritics, case and names the rules leave alone', () => {
    expect(deriveShortName('Beşiktaş')).toBe('Beşiktaş');
    expect(deriveShortName('Žalgiris Kaunas')).toBe('Žalgiris Kaunas');
    expect(deriveShortName('Bayburt İl Özel İdare')).toBe('Bayburt İl Özel İdare');
    expect(deriveShortName('RB Leipzig')).toBe('RB Leipzig');
    expect(deriveShortName('Club Brugge KV')).toBe('Club Brugge');
  });

  it('keeps the whole name when nothing would be left', () => {
    expect(deriveShortName('PSV')).toBe('PSV');
    expect(deriveShortName('FC')).toBe('FC');
    expect(deriveShortName('United 1905')).toBe('United 1905');
  });
});
