import { contactAnsweredNotification } from '../../../core/contracts/contact-notifications';
import { defineNotificationView } from '../../lib/notification-views';

/** Staff answered the reader's contact message: it leads to the contact page. */
export const notificationViews = [
  defineNotificationView(contactAnsweredNotification, {
    switchTexts: { label: 'notifications:settings.kinds.contact_answered.label', hint: 'notifications:settings.kinds.contact_answered.hint' },
    texts: ({ data }, t) => ({
      title: t('notifications:kind.contact_answered.title'),
      body: t('notifications:kind.contact_answered.body', { excerpt: data.excerpt }),
    }),
    path: () => '/contact',
  }),
];
