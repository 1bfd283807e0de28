import { describe, expect, it } from 'vitest';
import type { UserMessage } from '../../core/contracts/live';
import { applyUserMessageToBell, badgeText, getUnreadCounts, setUnreadCounts } from './notification-bell';

describe('the notification bell', () => {
  it('shows nothing at 0, the number up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('takes the counts of a notification message and leaves pop-up messages to the pop-up layer', () => {
    setUnreadCounts({ total: 1, interaction: 1, system: 0 });
    const popup: UserMessage = { type: 'product', data: { name: 'Scarf', status: 'shipped' }, publish_time: 1 };
    expect(applyUserMessageToBell(popup)).toBe(false);
    expect(getUnreadCounts()).toEqual({ total: 1, interaction: 1, system: 0 });
    const notification: UserMessage = { type: 'notification', data: { unread: { total: 4, interaction: 1, system: 3 } }, publish_time: 2 };
    expect(applyUserMessageToBell(notification)).toBe(true);
    expect(getUnreadCounts()).toEqual({ total: 4, interaction: 1, system: 3 });
  });
});
