import { describe, expect, it } from 'vitest';
import { findNotificationView } from '../app/lib/notification-registry';
import { MODULES } from '../server/modules/index';

/**
 * The server and the browser agree on the kinds (no browser needed): a kind the server sends and the browser does not word would list as "A notification" and have
 * no switch label: every kind the modules list has its view in its feature's app folder.
 */
describe('notification kinds', () => {
  it('are each listed by one module and worded in the browser', () => {
    const sent = MODULES.flatMap((module) => module.notificationKinds ?? []).map((kind) => kind.kind);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent).size).toBe(sent.length);
    for (const kind of sent) expect(findNotificationView(kind), kind).not.toBeNull();
  });
});
