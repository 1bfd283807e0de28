import { COMMUNITY_MODERATION_NOTIFICATION_KINDS } from '../../../core/contracts/community-notifications';
import { readSettings, type RawEnvironment } from '../../settings/module-settings';
import { communitySettings, parseReviewWords } from '../community/public';
import type { TribunModule } from '../definition';
import { notifyMany, publishNotifications, type NotificationInput, type Notices } from '../notifications/public';
import { registerReviewKind } from '../review/public';
import { isAppError } from '../../errors';
import { createModerationForm } from './moderation-form';
import { moderationRoutes } from './moderation.routes';
import { applyReportDecision, COMMUNITY_REPORT_REVIEW_KIND, getFanModeration, listAudit, listOpenReportCases, listReviewWords } from './moderation.service';
import { moderationSettings } from './moderation.settings';

/**
 * Reports in the review queue (docs/decisions/143): one item per reported target gathering its
 * reports. Approve upholds them (the content is deleted), request changes hides it, reject
 * dismisses them with one of these reasons (content the reports hid comes back).
 */
registerReviewKind({
  kind: COMMUNITY_REPORT_REVIEW_KIND,
  subjectType: 'community_report_case',
  reasons: [
    { code: 'no_violation', label: { tr: 'Kurallara aykırı bir şey yok', en: 'Nothing against the rules', zh: '未违反社区规则' } },
    { code: 'disagreement', label: { tr: 'Yalnızca görüş ayrılığı', en: 'Only a difference of opinion', zh: '仅为观点分歧' } },
    { code: 'handled', label: { tr: 'Başka bir yolla ilgilenildi', en: 'Already dealt with otherwise', zh: '已通过其他方式处理' } },
  ],
});

export function moderationConfigOf(environment: RawEnvironment) {
  return {
    hideAt: readSettings(moderationSettings, environment).COMMUNITY_REPORT_HIDE_REPORTERS,
    settingWords: parseReviewWords(readSettings(communitySettings, environment).COMMUNITY_REVIEW_WORDS),
  };
}

/** The community's moderation (issue 25): reports, staff actions, suspensions and bans, review words, audit log. */
export const moderationModule: TribunModule = {
  name: 'moderation',
  notificationKinds: COMMUNITY_MODERATION_NOTIFICATION_KINDS,
  settings: moderationSettings,
  async routes(app, context) {
    await app.register(moderationRoutes, { db: context.db, ...moderationConfigOf(context.environment), publisher: context.options.publisher, log: context.log });
  },
  // the staff pages' reads, rendered on the server; their loaders check the staff role first
  pageReads: ({ db, environment, options, log }) => {
    const { settingWords } = moderationConfigOf(environment);
    const form = createModerationForm({ db, publisher: options.publisher, log });
    return {
      writes: (request) => ({ communityModerationForms: form(request) }),
      reads: {
        communityModeration: {
          reports: () => listOpenReportCases(db),
          fan: (userId) =>
            getFanModeration(db, { userId, now: new Date() }).catch((error: unknown) => {
              if (isAppError(error) && error.code === 'NOT_FOUND') return null;
              throw error;
            }),
          reviewWords: () => listReviewWords(db, settingWords),
          audit: (query) => listAudit(db, query),
        },
      },
    };
  },
  jobs(runner, { db, publisher, log }) {
    runner.subscribe('community-report-review', ['review.decided'], async (event, context) => {
      if (event.payload.kind !== COMMUNITY_REPORT_REVIEW_KIND) return;
      // in the decision's delivery transaction: the content changes and its author is told once, pushed after commit
      const told: number[] = [];
      const tell = async (inputs: readonly NotificationInput[]) => {
        told.push(...(await notifyMany(context.tx, inputs)));
      };
      const notices: Notices = { notify: (input) => tell([input as NotificationInput]), notifyMany: tell };
      await applyReportDecision(context.tx, { event: event.payload, eventId: event.id, now: event.occurredAt, notices });
      context.afterCommit(() => publishNotifications({ db, publisher, log }, told));
    });
  },
};
