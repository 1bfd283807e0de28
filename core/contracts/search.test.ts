import { describe, expect, it } from 'vitest';
import { foldForSearch, isSearchable, SearchQuerySchema } from './search';

describe('foldForSearch', () => {
  it('folds Turkish letters as fans type them on any keyboard', () => {
    expect(foldForSearch('Beşiktaş')).toBe('besiktas');
    expect(foldForSearch('Fenerbahçe')).toBe('fenerbahce');
    expect(foldForSearch('İstanbul Başakşehir')).toBe('istanbul basaksehir');
    expect(foldForSearch('ISTANBUL')).toBe('istanbul');
    expect(foldForSearch('Gençlerbirliği')).toBe('genclerbirligi');
    expect(foldForSearch('Göztepe Kasımpaşa Eyüpspor')).toBe('goztepe kasimpasa eyupspor');
    expect(foldForSearch('ıİiI')).toBe('iiii');
  });

  it('drops other Latin diacritics and spells out ligatures', () => {
    expect(foldForSearch('Atlético Madrid')).toBe('atletico madrid');
    expect(foldForSearch('Grêmio São Paulo')).toBe('gremio sao paulo');
    expect(foldForSearch('Peñarol')).toBe('penarol');
    expect(foldForSearch('Köln Mönchengladbach')).toBe('koln monchengladbach');
    expect(foldForSearch('Bodø/Glimt')).toBe('bodo glimt');
    expect(foldForSearch('Straße')).toBe('strasse');
  });

  it('treats punctuation and runs of spaces as one space, and keeps Chinese', () => {
    expect(foldForSearch('  Paris   Saint-Germain ')).toBe('paris saint germain');
    expect(foldForSearch('英格兰超级联赛')).toBe('英格兰超级联赛');
    expect(foldForSearch('A.C. Milan')).toBe('a c milan');
  });
});

describe('isSearchable', () => {
  it('needs two Latin characters but one Chinese', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('b')).toBe(false);
    expect(isSearchable('be')).toBe(true);
    expect(isSearchable('英')).toBe(true);
  });
});

describe('SearchQuerySchema', () => {
  it('trims and accepts 1 to 60 characters', () => {
    expect(SearchQuerySchema.parse({ q: '  gala  ' }).q).toBe('gala');
    expect(SearchQuerySchema.safeParse({ q: 'x'.repeat(60) }).success).toBe(true);
    expect(SearchQuerySchema.safeParse({ q: 'x'.repeat(61) }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({}).success).toBe(false);
  });

  it('refuses control characters with their own message', () => {
    const result = SearchQuerySchema.safeParse({ q: 'gala\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('api.validation.controlCharacters');
  });
});
