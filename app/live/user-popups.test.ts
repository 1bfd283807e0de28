import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../core/alerts';
import type { UserMessage } from '../../core/contracts/live';
import { getT } from '../i18n/i18n';
import { getPopups } from './popup-queue';
import { showUserMessage, userMessageTexts } from './user-popups';

const preResult: UserMessage = {
  type: 'pre_result',
  data: { home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 120 },
  publish_time: 1,
};
const order: UserMessage = { type: 'product', data: { name: 'Tribün scarf', status: 'shipped' }, publish_time: 2 };

describe('pop-ups of user messages (users/<id>)', () => {
  it('writes every kind in the reader’s language', () => {
    expect(userMessageTexts(preResult, getT('en', 'live'))).toEqual({
      title: 'Your plan won',
      body: 'Galatasaray 2–1 Fenerbahçe · +120 points',
    });
    expect(userMessageTexts(preResult, getT('tr', 'live')).title).toBe('Planınız kazandı');
    expect(userMessageTexts({ ...preResult, type: 'guess_result', data: { ...preResult.data, outcome: 'lost', points: 0 } }, getT('zh', 'live'))).toEqual({
      title: '您的竞猜输了',
      body: 'Galatasaray 2–1 Fenerbahçe',
    });
    const activity: UserMessage = { type: 'activity_result', data: { name: 'Derby quiz', outcome: 'approved', points: 1 }, publish_time: 3 };
    expect(userMessageTexts(activity, getT('en', 'live')).body).toBe('Derby quiz · +1 point');
    expect(userMessageTexts(order, getT('en', 'live'))).toEqual({ title: 'Your product is on its way', body: 'Tribün scarf' });
  });

  it("tells a fan who unlocked someone's plan about that plan, not about a plan of their own", () => {
    const bought: UserMessage = { ...preResult, type: 'pre_result', data: { ...preResult.data, points: 0, role: 'buyer' } };
    expect(userMessageTexts(bought, getT('en', 'live')).title).toBe('A plan you unlocked won');
    expect(userMessageTexts(bought, getT('tr', 'live')).title).toBe('Kilidini açtığınız plan kazandı');
    expect(userMessageTexts(bought, getT('zh', 'live')).title).toBe('您解锁的方案赢了');
    const own: UserMessage = { ...preResult, type: 'pre_result', data: { ...preResult.data, role: 'tipster' } };
    expect(userMessageTexts(own, getT('en', 'live')).title).toBe('Your plan won');
  });

  it('says half won, push and half lost as they are, not as won or lost', () => {
    const texts = (outcome: 'half_won' | 'push' | 'half_lost', locale: 'tr' | 'en' | 'zh') =>
      userMessageTexts({ ...preResult, data: { ...preResult.data, outcome, points: 0 } }, getT(locale, 'live')).title;
    expect(['half_won', 'push', 'half_lost'].map((outcome) => texts(outcome as 'push', 'en'))).toEqual([
      'Your plan half won',
      'Your plan was a push',
      'Your plan half lost',
    ]);
    expect(texts('half_lost', 'tr')).toBe('Planınız yarım kaybetti');
    expect(texts('push', 'zh')).toBe('您的方案走水');
  });

  it('follows the notification setting of each result kind; orders always show', () => {
    const t = getT('en', 'live');
    const off = { ...DEFAULT_ALERT_SETTINGS, pre_result: false };
    expect(showUserMessage(preResult, t, off)).toBe(false);
    expect(showUserMessage(order, t, off)).toBe(true);
    expect(showUserMessage(preResult, t, DEFAULT_ALERT_SETTINGS)).toBe(true);
    expect(getPopups().slice(-2).map((popup) => popup.kind)).toEqual(['message', 'result']);
  });
});
