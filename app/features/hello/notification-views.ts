import { helloHeardNotification } from '../../../core/contracts/hello';
import { defineNotificationView } from '../../lib/notification-views';

export const notificationViews = [
  defineNotificationView(helloHeardNotification, {
    switchTexts: { label: 'hello:notification.label', hint: 'hello:notification.hint' },
    texts: ({ data }, t) => ({ title: t('hello:notification.title'), body: data.message }),
    path: () => '/hello',
  }),
];
