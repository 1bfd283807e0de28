import { describe, expect, it } from 'vitest';
import { basketballMatch, footballMatch } from '../../../test-support/match-fixtures';
import { render, text } from '../../../test-support/render';
import { BasketballRow } from './basketball-row';
import { FootballRow } from './football-row';

/** Honest labels on the lists (docs/decisions/090-pages-that-agree.md). */
describe('a simulated match’s row', () => {
  it('carries the one small translated marker; a real match’s row does not', () => {
    const simulated = render(<FootballRow match={footballMatch({ is_simulated: true })} changedAtMs={undefined} />);
    expect(simulated).toContain('data-testid="simulated-mark"');
    expect(text(simulated)).toContain('Simulated match: played by Tribün’s simulator, not a real result');
    expect(render(<FootballRow match={footballMatch({ is_simulated: false })} changedAtMs={undefined} />)).not.toContain('simulated-mark');
    expect(render(<FootballRow match={footballMatch()} changedAtMs={undefined} />)).not.toContain('simulated-mark');
    expect(text(render(<BasketballRow match={basketballMatch({ is_simulated: true })} changedAtMs={undefined} />, { locale: 'zh' }))).toContain('模拟');
    expect(text(render(<FootballRow match={footballMatch({ is_simulated: true })} changedAtMs={undefined} />, { locale: 'tr' }))).toContain('Sim.');
  });

  it('a finished match’s row shows no live state', () => {
    const html = render(<FootballRow match={footballMatch({ status_id: 8, a0: 2, b0: 1 })} changedAtMs={undefined} />);
    expect(html).toContain('data-list="finished"');
    expect(html).not.toContain('text-green-700');
  });
});
