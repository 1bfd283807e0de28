import { describe, expect, it } from 'vitest';
import { basketballMatch, competition } from '../../../test-support/match-fixtures';
import { render, text } from '../../../test-support/render';
import { BasketballMatchHeader } from './match-header';

describe('basketball header', () => {
  it('heads the game page with the competition (linked), both teams (linked), the score and the period with time left', () => {
    const html = render(<BasketballMatchHeader match={basketballMatch()} competition={competition({ competition_id: 9, name: 'EuroLeague' })} changed={false} />);
    const visible = text(html);
    expect(visible).toContain('EuroLeague');
    expect(visible).toMatch(/Anadolu Efes 58 - 61 3rd quarter 05:12 Fenerbahçe Beko/);
    expect(html).toContain('href="/en/competition/9"');
    expect(html).toContain('href="/en/team/91"');
    expect(html).toContain('href="/en/team/92"');
  });
});
