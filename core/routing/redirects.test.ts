import { describe, expect, it } from 'vitest';
import { BASKETBALL_TABS, FOOTBALL_TABS, findRedirect, parseMatchDetailPath, toLocationPath } from './redirects';

const to = (location: string) => ({ location, status: 301 });

describe('tabs of the match detail (section 2)', () => {
  it('football sub-views', () => {
    expect([...FOOTBALL_TABS]).toEqual(['h2h', 'sorting', 'overview', 'sequence', 'playerData', 'predictions', 'scoreDetails']);
  });

  it('basketball sub-views', () => {
    expect([...BASKETBALL_TABS]).toEqual(['analysis', 'overview', 'standings', 'playerData', 'scoreDetails', 'popularLeagues']);
  });
});

describe('findRedirect: /sports_{three digits}/{date}/{alphanumeric id} → /sports/{digits}', () => {
  it.each([
    ['/sports_001/2024-03-15/abc123', '/sports/001'],
    ['/sports_123/1999-12-31/X', '/sports/123'],
    ['/sports_999/2024-03-15/ABCdef789/', '/sports/999'],
    ['/en/sports_123/2024-03-15/abc', '/en/sports/123'],
    ['/zh/sports_456/2024-03-15/abc', '/zh/sports/456'],
    ['/tr/sports_456/2024-03-15/abc', '/sports/456'],
  ])('%s → %s', (from, location) => {
    expect(findRedirect(from)).toEqual(to(location));
  });

  it.each([
    '/sports_12/2024-03-15/abc', // two digits
    '/sports_1234/2024-03-15/abc', // four digits
    '/sports_abc/2024-03-15/abc',
    '/sports_123/2024-3-15/abc', // one-digit month
    '/sports_123/24-03-15/abc', // two-digit year
    '/sports_123/2024/03/15/abc',
    '/sports_123/20240315/abc',
    '/sports_123/2024-03-15/ab-c', // not alphanumeric
    '/sports_123/2024-03-15/ab_c',
    '/sports_123/2024-03-15/',
    '/sports_123/2024-03-15',
    '/sports_123/2024-03-15/abc/more',
    '/xsports_123/2024-03-15/abc',
  ])('%s does not match', (from) => {
    expect(findRedirect(from)).toBeNull();
  });
});

describe('findRedirect: /sports/{date}/{id} → /sports', () => {
  it.each([
    ['/sports/2024-03-15/abc123', '/sports'],
    ['/sports/2024-03-15/abc123/', '/sports'],
    ['/en/sports/2024-03-15/abc123', '/en/sports'],
  ])('%s → %s', (from, location) => {
    expect(findRedirect(from)).toEqual(to(location));
  });

  it.each([
    '/sports',
    '/sports/123', // sports by type
    '/sports/123/2024-03-15/uuid1', // the sports detail route itself
    '/sports/2024-03-1/abc',
    '/sports/2024-03-15',
    '/sports/2024-03-15/a.b',
  ])('%s is served as it is', (from) => {
    expect(findRedirect(from)).toBeNull();
  });
});

describe('findRedirect: /home, /#contact, /#about-us with {date}/{id} → /', () => {
  it.each([
    ['/home/2024-03-15/abc', '/'],
    ['/%23contact/2024-03-15/abc', '/'],
    ['/#contact/2024-03-15/abc', '/'],
    ['/%23about-us/2024-03-15/Z9', '/'],
    ['/#about-us/2024-03-15/Z9', '/'],
    ['/en/home/2024-03-15/abc', '/en'],
    ['/zh/%23contact/2024-03-15/abc', '/zh'],
    ['/tr/home/2024-03-15/abc', '/'],
  ])('%s → %s', (from, location) => {
    expect(findRedirect(from)).toEqual(to(location));
  });

  it.each([
    '/home',
    '/home/2024-03-15',
    '/home/2024-03-15/abc/def',
    '/home/15-03-2024/abc',
    '/HOME/2024-03-15/abc',
    '/%23contacts/2024-03-15/abc',
    '/contact/2024-03-15/abc',
    '/%23about/2024-03-15/abc',
  ])('%s does not match', (from) => {
    expect(findRedirect(from)).toBeNull();
  });
});

describe('findRedirect: legacy match-detail forms', () => {
  it.each([
    ['/football/Details/123451111', '/football/Details/12345'],
    ['/football/Details/123451111/h2h', '/football/Details/12345/h2h'],
    ['/football/Details/71111/scoreDetails', '/football/Details/7/scoreDetails'],
    ['/football/Details/123451111/playerData/', '/football/Details/12345/playerData'],
    ['/en/football/Details/123451111/overview', '/en/football/Details/12345/overview'],
    ['/basketball/Details/98765111', '/basketball/Details/98765'],
    ['/basketball/Details/98765111/standings', '/basketball/Details/98765/standings'],
    ['/zh/basketball/Details/98765111/popularLeagues', '/zh/basketball/Details/98765/popularLeagues'],
    ['/tr/basketball/Details/5111/analysis', '/basketball/Details/5/analysis'],
  ])('%s → %s', (from, location) => {
    expect(findRedirect(from)).toEqual(to(location));
  });

  it.each([
    '/football/Details/12345', // the current form
    '/football/Details/12345/h2h',
    '/football/Details/1111', // marker without an id
    '/football/Details/12345111', // football marker is 1111
    '/football/Details/123451111/analysis', // a basketball tab
    '/football/Details/123451111/H2H',
    '/football/Details/123451111/h2h/extra',
    '/basketball/Details/111',
    '/basketball/Details/98765111/h2h', // a football tab
    '/basketball/Details/98765',
    '/football/details/123451111',
  ])('%s does not match', (from) => {
    expect(findRedirect(from)).toBeNull();
  });
});

describe('findRedirect: /tr/... → the unprefixed path', () => {
  it.each([
    ['/tr', '/'],
    ['/tr/', '/'],
    ['/tr/football', '/football'],
    ['/tr/football/Details/12', '/football/Details/12'],
    ['/tr/personal-center/personal-center', '/personal-center/personal-center'],
  ])('%s → %s', (from, location) => {
    expect(findRedirect(from)).toEqual(to(location));
  });

  it.each(['/', '/football', '/en', '/en/football', '/zh/basketball', '/trend', '/tribune/x'])('%s is not redirected', (from) => {
    expect(findRedirect(from)).toBeNull();
  });
});

describe('parseMatchDetailPath', () => {
  it.each([
    ['/football/Details/12345', { sport: 'football', matchId: 12345, tab: null, locale: 'tr' }],
    ['/football/Details/12345/', { sport: 'football', matchId: 12345, tab: null, locale: 'tr' }],
    ['/en/football/Details/12345/h2h', { sport: 'football', matchId: 12345, tab: 'h2h', locale: 'en' }],
    ['/zh/basketball/Details/7/standings', { sport: 'basketball', matchId: 7, tab: 'standings', locale: 'zh' }],
    ['/basketball/Details/7', { sport: 'basketball', matchId: 7, tab: null, locale: 'tr' }],
  ])('%s', (pathname, expected) => {
    expect(parseMatchDetailPath(pathname)).toEqual(expected);
  });

  it.each([
    '/football',
    '/football/Details',
    '/football/Details/',
    '/football/Details/abc',
    '/football/Details/0',
    '/football/Details/012',
    '/football/Details/-5',
    '/football/Details/1.5',
    '/football/Details/99999999999999999999',
    '/football/Details/12/analysis',
    '/basketball/Details/12/h2h',
    '/football/Details/12/h2h/x',
    '/tennis/Details/12',
    '/english/football/Details/12',
  ])('%s is not a match detail', (pathname) => {
    expect(parseMatchDetailPath(pathname)).toBeNull();
  });
});

describe('toLocationPath: what a Location header may carry', () => {
  it.each([
    ['/hakkımızda', '/hakk%C4%B1m%C4%B1zda'],
    ['/hakk%C4%B1m%C4%B1zda', '/hakk%C4%B1m%C4%B1zda'],
    ['/中文?q=ş', '/%E4%B8%AD%E6%96%87?q=%C5%9F'],
    ['/😀', '/%F0%9F%98%80'],
    ['/a b"<>`{}|^', '/a%20b%22%3C%3E%60%7B%7D%7C%5E'],
    ['/100%', '/100%25'],
    ['/%zz', '/%25zz'],
    ['/\ud800x', '/%EF%BF%BDx'],
    ['//evil.example/', '/evil.example/'],
    ['///evil.example', '/evil.example'],
    ['/\\evil.example', '/%5Cevil.example'],
    ['\\\\evil.example', '/%5C%5Cevil.example'],
    ['/a/b?c=d&e=f/g', '/a/b?c=d&e=f/g'],
  ])('%s → %s', (path, location) => {
    expect(toLocationPath(path)).toBe(location);
  });

  it('redirects /tr/… with an encoded, same-site Location', () => {
    expect(findRedirect('/tr/hakkımızda')).toEqual(to('/hakk%C4%B1m%C4%B1zda'));
    expect(findRedirect('/tr//evil.example')).toEqual(to('/evil.example'));
    expect(findRedirect('/tr/\\evil.example')).toEqual(to('/%5Cevil.example'));
  });
});
