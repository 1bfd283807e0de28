import { describe, expect, it } from 'vitest';
import type { Notification } from '../../core/contracts/notifications';
import { getT } from '../i18n/i18n';
import { wordNotification } from './notification-registry';

const base = { id: 1, created_at: '2026-01-01T00:00:00.000Z', read: false, actor: null, object: null };
const match = { match_id: 5, home: 'Galatasaray', away: 'Fenerbahçe' };

const bet: Notification = { ...base, kind: 'bet_settled', group: 'system', object: { type: 'bet', id: 9 }, data: { ...match, home_score: 2, away_score: 1, outcome: 'won', points: 190 } };
const bought: Notification = { ...base, kind: 'plan_settled', group: 'system', object: { type: 'plan', id: 12 }, data: { ...match, home_score: 0, away_score: 0, outcome: 'void', points: 100, role: 'buyer' } };
const sold: Notification = { ...base, kind: 'plan_sold', group: 'interaction', actor: { id: 3, nickname: 'ayse' }, object: { type: 'plan', id: 12 }, data: { ...match, points: 70 } };
const published: Notification = { ...base, kind: 'plan_published', group: 'interaction', actor: { id: 4, nickname: 'kartal' }, data: { ...match, free: true } };
const answered: Notification = { ...base, kind: 'contact_answered', group: 'system', object: { type: 'contact_message', id: 5 }, data: { topic: 'account', excerpt: 'You can change it once a month.' } };

describe('notification wording', () => {
  it('words each kind in English, with the pop-ups’ words for settlements, and leads where the kind says', () => {
    const t = getT('en', 'notifications');
    expect(wordNotification(bet, t)).toEqual({ title: 'Your slip won', body: 'Galatasaray 2–1 Fenerbahçe · +190 points', path: '/guessing/myBet' });
    expect(wordNotification(bought, t)).toEqual({ title: 'A plan you unlocked was void, points returned', body: 'Galatasaray 0–0 Fenerbahçe · +100 points', path: '/forecast/plan/12' });
    expect(wordNotification(sold, t)).toEqual({ title: 'ayse unlocked your plan', body: 'Galatasaray – Fenerbahçe · +70 points', path: '/forecast/plan/12' });
    expect(wordNotification({ ...sold, actor: null }, t).title).toBe('A fan unlocked your plan');
    expect(wordNotification(published, t)).toEqual({ title: 'kartal published a new plan', body: 'Galatasaray – Fenerbahçe · free', path: null });
    expect(wordNotification(answered, t)).toEqual({ title: 'We answered your message', body: 'You can change it once a month.', path: '/contact' });
  });

  it('speaks Turkish (siz) and Chinese', () => {
    const tr = getT('tr', 'notifications');
    expect(wordNotification(sold, tr).title).toBe('ayse planınızın kilidini açtı');
    expect(wordNotification(bet, tr).title).toBe('Kuponunuz kazandı');
    expect(wordNotification(answered, tr).title).toBe('Mesajınızı yanıtladık');
    const zh = getT('zh', 'notifications');
    expect(wordNotification(published, zh)).toMatchObject({ title: 'kartal 发布了新方案', body: 'Galatasaray – Fenerbahçe · 免费' });
    expect(wordNotification(sold, zh).body).toBe('Galatasaray – Fenerbahçe · +70 积分');
  });

  it('words a kind the site no longer sends, or data that does not fit, plainly and without a link', () => {
    const t = getT('en', 'notifications');
    const retired: Notification = { ...base, kind: 'retired_kind', group: 'interaction', object: { type: 'thing', id: 1 }, data: { anything: true } };
    expect(wordNotification(retired, t)).toEqual({ title: 'A notification', body: 'Its details are no longer shown.', path: null });
    expect(wordNotification({ ...sold, data: { points: 'many' } }, t)).toEqual({ title: 'A notification', body: 'Its details are no longer shown.', path: null });
    expect(wordNotification(retired, getT('tr', 'notifications')).title).toBe('Bir bildirim');
    expect(wordNotification(retired, getT('zh', 'notifications')).title).toBe('通知');
  });
});
