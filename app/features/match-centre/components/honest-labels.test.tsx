import { describe, expect, it } from 'vitest';
import { basketballMatch, competition, footballMatch } from '../../../test-support/match-fixtures';
import { render, text } from '../../../test-support/render';
import { historyMatch, KICK_OFF } from '../test-support/fixtures';
import { HistoryList } from './history';
import { liveBadgeLine, MatchDetailFrame } from './match-detail-frame';
import { BasketballMatchHeader, FootballMatchHeader } from './match-header';

/** Honest labels and no live badge on finished matches (docs/decisions/090-pages-that-agree.md). */
describe('the simulated marker', () => {
  it('is on a simulated match’s header, in each language, and on no real match', () => {
    const header = render(<FootballMatchHeader match={footballMatch({ is_simulated: true })} competition={competition()} changed={false} />, { locale: 'tr' });
    expect(text(header)).toContain('Sim.');
    expect(text(header)).toContain('Simülasyon maçı');
    const zhHeader = render(<BasketballMatchHeader match={basketballMatch({ is_simulated: true })} competition={competition()} changed={false} />, { locale: 'zh' });
    expect(text(zhHeader)).toContain('模拟');
    expect(render(<FootballMatchHeader match={footballMatch({ is_simulated: false })} competition={competition()} changed={false} />)).not.toContain('simulated-mark');
  });

  it('is on a simulated match in the team and competition pages’ lists', () => {
    const html = render(<HistoryList matches={[historyMatch({ is_simulated: true }), historyMatch({ match_id: 901, is_simulated: false })]} sport="football" nowSec={KICK_OFF} empty="" />);
    expect(html.match(/data-testid="simulated-mark"/g)).toHaveLength(1);
  });
});

describe('live and finished', () => {
  it('a live match in a team’s fixtures shows its score and says it is live; a finished one does not', () => {
    const html = render(
      <HistoryList
        matches={[historyMatch({ match_id: 1, status_id: 4, a0: 1, b0: 0, match_time: KICK_OFF }), historyMatch({ match_id: 2, status_id: 8 })]}
        sport="football"
        nowSec={KICK_OFF + 3600}
        empty=""
      />,
    );
    expect(html.match(/data-testid="history-live"/g)).toHaveLength(1);
    expect(html).toContain('data-live="true"');
    expect(html).toContain('data-live="false"');
    expect(text(html)).toContain('1-0 Live');
  });

  it('a finished match’s page has no live badge; a live one has', () => {
    const frame = (isOver: boolean) =>
      render(<MatchDetailFrame sport="football" matchId={101} nowSec={KICK_OFF} tabs={['h2h']} tab="h2h" header={null} panel={null} isOver={isOver} />);
    expect(frame(true)).not.toContain('match-live-indicator');
    expect(frame(false)).toContain('match-live-indicator');
  });

  it('a match ending while its page is open keeps the badge’s line, hidden, so nothing moves', () => {
    expect(liveBadgeLine(false, false)).toBe('shown');
    expect(liveBadgeLine(false, true)).toBe('hidden');
    expect(liveBadgeLine(true, true)).toBe('absent');
    // a finished match does not come back to life, but if the status said so the badge stays out
    expect(liveBadgeLine(true, false)).toBe('absent');
  });
});
