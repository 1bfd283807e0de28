import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../core/contracts/notifications';
import { getT } from '../../i18n/i18n';
import { notificationTexts } from './notification-texts';

const base = { id: 1, created_at: '2026-01-01T00:00:00.000Z', read: false, actor: null, object: null };
const match = { match_id: 5, home: 'Galatasaray', away: 'Fenerbahçe' };

const bet: Notification = { ...base, kind: 'bet_settled', group: 'system', data: { ...match, home_score: 2, away_score: 1, outcome: 'won', points: 190 } };
const bought: Notification = { ...base, kind: 'plan_settled', group: 'system', data: { ...match, home_score: 0, away_score: 0, outcome: 'void', points: 100, role: 'buyer' } };
const sold: Notification = { ...base, kind: 'plan_sold', group: 'interaction', actor: { id: 3, nickname: 'ayse' }, data: { ...match, points: 70 } };
const published: Notification = { ...base, kind: 'plan_published', group: 'interaction', actor: { id: 4, nickname: 'kartal' }, data: { ...match, free: true } };
const answered: Notification = { ...base, kind: 'contact_answered', group: 'system', data: { topic: 'account', excerpt: 'You can change it once a month.' } };

describe('notification texts', () => {
  it('words each kind in English, with the pop-ups’ words for settlements', () => {
    const t = getT('en', 'notifications');
    expect(notificationTexts(bet, t)).toEqual({ title: 'Your slip won', body: 'Galatasaray 2–1 Fenerbahçe · +190 points' });
    expect(notificationTexts(bought, t)).toEqual({ title: 'A plan you unlocked was void, points returned', body: 'Galatasaray 0–0 Fenerbahçe · +100 points' });
    expect(notificationTexts(sold, t)).toEqual({ title: 'ayse unlocked your plan', body: 'Galatasaray – Fenerbahçe · +70 points' });
    expect(notificationTexts({ ...sold, actor: null }, t).title).toBe('A fan unlocked your plan');
    expect(notificationTexts(published, t)).toEqual({ title: 'kartal published a new plan', body: 'Galatasaray – Fenerbahçe · free' });
    expect(notificationTexts(answered, t)).toEqual({ title: 'We answered your message', body: 'You can change it once a month.' });
  });

  it('speaks Turkish (siz) and Chinese', () => {
    const tr = getT('tr', 'notifications');
    expect(notificationTexts(sold, tr).title).toBe('ayse planınızın kilidini açtı');
    expect(notificationTexts(bet, tr).title).toBe('Kuponunuz kazandı');
    expect(notificationTexts(answered, tr).title).toBe('Mesajınızı yanıtladık');
    const zh = getT('zh', 'notifications');
    expect(notificationTexts(published, zh)).toEqual({ title: 'kartal 发布了新方案', body: 'Galatasaray – Fenerbahçe · 免费' });
    expect(notificationTexts(sold, zh).body).toBe('Galatasaray – Fenerbahçe · +70 积分');
  });
});
