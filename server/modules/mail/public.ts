/**
 * What other modules may use of the mail: the mailer and the staff's outbox routes.
 * Other modules import only this file of mail (docs/decisions/138-server-module-boundaries.md).
 */
export { createMailer, type Mailer } from './mailer';
export { staffOutboxRoutes } from './outbox.routes';
