import { describe, expect, it } from 'vitest';
import { basketballMatch, competition, footballMatch } from '../../test-support/match-fixtures';
import { matchPageMeta } from './match-seo';

/** Honest labels (docs/decisions/090-pages-that-agree.md): what a simulated match's page tells search engines. */
function metaOf(options: { isSimulated: boolean | undefined; sport?: 'football' | 'basketball'; pathname?: string }) {
  const sport = options.sport ?? 'football';
  const match = sport === 'football' ? footballMatch({ status_id: 8, is_simulated: options.isSimulated }) : basketballMatch({ status_id: 10, is_simulated: options.isSimulated });
  return matchPageMeta({
    sport,
    match,
    competition: competition(),
    location: { pathname: options.pathname ?? `/en/${sport}/Details/${match.match_id}` },
    matches: [],
  });
}

const find = (meta: ReturnType<typeof metaOf>, predicate: (entry: Record<string, unknown>) => boolean) =>
  meta.find((entry) => predicate(entry as Record<string, unknown>)) as Record<string, unknown> | undefined;

describe('a simulated match page', () => {
  it('is noindex, carries no SportsEvent, and says in its title and description that it is simulated', () => {
    for (const sport of ['football', 'basketball'] as const) {
      const meta = metaOf({ isSimulated: true, sport });
      expect(find(meta, (entry) => entry.name === 'robots')?.content, sport).toBe('noindex');
      expect(find(meta, (entry) => 'script:ld+json' in entry), sport).toBeUndefined();
      expect(String(find(meta, (entry) => 'title' in entry)?.title)).toContain('(simulated)');
      const description = String(find(meta, (entry) => entry.name === 'description')?.content);
      expect(description).toContain('not a real result');
      // It promises only what the simulator gives: no lineups, head to head or standings.
      expect(description).not.toMatch(/lineups|head to head|standings|box score/);
    }
  });

  it('is labelled in every language', () => {
    const tr = String(find(metaOf({ isSimulated: true, pathname: '/football/Details/101' }), (entry) => 'title' in entry)?.title);
    const zh = String(find(metaOf({ isSimulated: true, pathname: '/zh/football/Details/101' }), (entry) => 'title' in entry)?.title);
    expect(tr).toContain('(simülasyon)');
    expect(zh).toContain('（模拟）');
  });
});

describe('a real match page (imported result or replay)', () => {
  it('keeps its SportsEvent, its index and its full description', () => {
    for (const isSimulated of [false, undefined]) {
      const meta = metaOf({ isSimulated });
      expect(find(meta, (entry) => entry.name === 'robots')).toBeUndefined();
      const jsonLd = find(meta, (entry) => 'script:ld+json' in entry)?.['script:ld+json'] as Record<string, unknown> | undefined;
      expect(jsonLd?.['@type']).toBe('SportsEvent');
      expect(String(find(meta, (entry) => entry.name === 'description')?.content)).toContain('lineups');
    }
  });
});
