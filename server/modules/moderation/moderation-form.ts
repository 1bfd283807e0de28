import type { FastifyRequest } from 'fastify';
import { ModerateFormSchema, type CommunityModerationFormServices, type ModeratedData } from '../../../core/contracts/community-moderation';
import type { FormResult } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { isMessageKey } from '../../../core/messages/messages';
import type { Db } from '../../db/client';
import { AppError, isAppError } from '../../errors';
import { translate } from '../../i18n/translate';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import { moderateContent } from './moderation.service';

const STAFF_ROLES: readonly string[] = ['staff', 'admin'];

/**
 * The reports page's hide / restore / delete posted as a form (decision 143, the pattern of
 * decision 100): parsed with the contract's schema and done by the staff endpoint's own service,
 * with the request's user, who must be staff. A refusal comes back translated into the page's
 * language; anything else is a fault and is thrown.
 */
export function createModerationForm(options: { db: Db; publisher?: NoticePublisher; log?: NoticeLog; now?: () => Date }): (request: FastifyRequest) => CommunityModerationFormServices {
  const notices = { db: options.db, publisher: options.publisher, log: options.log };
  return (request) => ({
    moderate: async (input) => {
      try {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHENTICATED');
        if (!STAFF_ROLES.includes(user.role)) throw new AppError('FORBIDDEN');
        const parsed = ModerateFormSchema.safeParse(input.body);
        if (!parsed.success) return invalid(parsed.error.issues, input.locale);
        const { target, id, action, reason } = parsed.data;
        const data = await withNotifications(notices, (tx, told) =>
          moderateContent(tx, { staff: user, targetType: target, id, body: { action, ...(reason ? { reason } : {}) }, now: options.now?.() ?? new Date(), notices: told }),
        );
        return { ok: true, data };
      } catch (error) {
        if (!isAppError(error)) throw error;
        return refused(error, input.locale);
      }
    },
  });
}

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[], locale: Locale): FormResult<ModeratedData> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'request';
    fields[field] ??= translate(locale, isMessageKey(issue.message) ? issue.message : 'generic.invalid');
  }
  const first = Object.values(fields)[0];
  return { ok: false, status: 400, error: 'VALIDATION', message: first ?? translate(locale, 'api.validation.failed'), fields };
}

function refused(error: AppError, locale: Locale): FormResult<ModeratedData> {
  const fields: Record<string, string> = {};
  for (const field of error.fields) fields[field.field] ??= translate(locale, field.message, field.params);
  const first = Object.values(fields)[0];
  return { ok: false, status: error.status, error: error.code, message: first ?? translate(locale, error.messageKey, error.params), fields };
}
