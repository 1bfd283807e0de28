import type { FastifyRequest } from 'fastify';
import { ContactBodySchema, type ContactSent } from '../../../core/contracts/contact';
import type { ContactFormServices, FormResult } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { isMessageKey } from '../../../core/messages/messages';
import { isAppError, type AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import { sendContactMessage, type ContactDeps } from './contact.service';

/**
 * The /contact page's form posted before (or without) the page's scripts (docs/decisions/100
 * and 127), bound to one request: the body is parsed with the API's contract schema and the
 * API's own service is called with the same dependencies, the request's user and client
 * address, so the limits are the API's and count against the same counters. A refusal comes
 * back translated into the page's language; anything else is a fault and is thrown.
 */
export function createContactForm(options: { deps: ContactDeps; now?: () => Date }): (request: FastifyRequest) => ContactFormServices {
  const now = () => options.now?.() ?? new Date();
  return (request) => ({
    send: async (input) => {
      const parsed = ContactBodySchema.safeParse(input.body);
      if (!parsed.success) return invalid(parsed.error.issues, input.locale);
      try {
        const data = await sendContactMessage(options.deps, {
          body: parsed.data,
          userId: request.user?.id ?? null,
          ip: request.ip,
          locale: input.locale,
          now: now(),
        });
        return { ok: true, data };
      } catch (error) {
        if (!isAppError(error)) throw error;
        return refused(error, input.locale);
      }
    },
  });
}

/** 400 VALIDATION with the first message of each field, as the API answers it. */
function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[], locale: Locale): FormResult<ContactSent> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'request';
    fields[field] ??= translate(locale, isMessageKey(issue.message) ? issue.message : 'generic.invalid');
  }
  return { ok: false, status: 400, error: 'VALIDATION', message: translate(locale, 'api.validation.failed'), fields };
}

function refused(error: AppError, locale: Locale): FormResult<ContactSent> {
  const fields: Record<string, string> = {};
  for (const field of error.fields) fields[field.field] ??= translate(locale, field.message, field.params);
  return {
    ok: false,
    status: error.status,
    error: error.code,
    message: translate(locale, error.messageKey, error.params),
    fields,
    ...(error.retryAfterSec === undefined ? {} : { retryAfterSec: error.retryAfterSec }),
  };
}
