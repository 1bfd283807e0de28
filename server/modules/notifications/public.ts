/**
 * What other modules may use of the notifications: writing them with a change and telling the
 * readers' open pages after commit.
 * Other modules import only this file of notifications (docs/decisions/138-server-module-boundaries.md).
 */
export { type NoticeDeps, type NoticeLog, type NoticePublisher, type Notices, type NotificationInput, notification, notify, notifyMany, publishNotifications, withNotifications } from './notify';
