import { notificationsEndpoints, type NotificationGroup, type NotificationListData, type UnreadCounts } from '../../../core/contracts/notifications';
import { callEndpoint } from '../../lib/endpoint-client';
import { setUnreadCounts } from '../../live/notification-bell';

/**
 * The inbox API (docs/decisions/133-notifications.md) for the browser, through the endpoints of
 * core/contracts/notifications.ts (answers checked against the contract). Every change answers
 * the unread counts, which move the header's bell at once.
 */
function counted(counts: UnreadCounts): UnreadCounts {
  setUnreadCounts(counts);
  return counts;
}

export const notificationsApi = {
  list: (query: { group: NotificationGroup; cursor?: number; size?: number }): Promise<NotificationListData> =>
    callEndpoint(notificationsEndpoints.list, { query }),
  markRead: async (ids: number[]): Promise<UnreadCounts> => counted(await callEndpoint(notificationsEndpoints.markRead, { body: { ids } })),
  markAllRead: async (group: NotificationGroup): Promise<UnreadCounts> =>
    counted(await callEndpoint(notificationsEndpoints.markAllRead, { body: { group } })),
  remove: async (id: number): Promise<UnreadCounts> => counted(await callEndpoint(notificationsEndpoints.remove, { params: { id } })),
};
