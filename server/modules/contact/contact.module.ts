import { contactAnsweredNotification } from '../../../core/contracts/contact-notifications';
import { need, type TribunModule } from '../definition';
import { createContactForm } from './contact-form';
import { contactRoutes } from './contact.routes';
import type { ContactDeps } from './contact.service';

/** The contact form and the staff inbox of its messages (decision 127). */
export const contactModule: TribunModule = {
  name: 'contact',
  notificationKinds: [contactAnsweredNotification],
  async routes(app, context) {
    const { deps, now } = contactDeps(context);
    await app.register(contactRoutes, { deps, now });
  },
  pageReads: (context) => {
    const form = createContactForm(contactDeps(context));
    return { writes: (request) => ({ contact: form(request) }) };
  },
};

/** Staff answers go out through the account's mailer (the development outbox without SMTP), under its limits. */
function contactDeps(context: Parameters<NonNullable<TribunModule['routes']>>[1]): { deps: ContactDeps; now?: () => Date } {
  const account = need(context, 'account', 'contact');
  return {
    // an answer also lands in the writer's inbox, pushed through the live publisher (decision 133)
    deps: { db: context.db, mailer: account.deps.mailer, limiter: account.deps.limiter, publisher: context.options.publisher, log: context.log },
    now: account.options.now,
  };
}
