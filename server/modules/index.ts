import type { TribunModule } from './definition';
import { accountModule } from './account/account.module';
import { collectionsModule } from './collections/collections.module';
import { communityModule } from './community/community.module';
import { contactModule } from './contact/contact.module';
import { crestsModule } from './crests/crests.module';
import { filesModule } from './files/files.module';
import { forecastModule } from './forecast/forecast.module';
import { guessingModule } from './guessing/guessing.module';
import { importsModule } from './imports/imports.module';
import { marketsModule } from './markets/markets.module';
import { newsModule } from './news/news.module';
import { liveModule } from './live/live.module';
import { matchCentreModule } from './match-centre/match-centre.module';
import { matchesModule } from './matches/matches.module';
import { moderationModule } from './moderation/moderation.module';
import { notificationsModule } from './notifications/notifications.module';
import { oauthModule } from './oauth/oauth.module';
import { oddsModule } from './odds/odds.module';
import { pointsModule } from './points/points.module';
import { profileModule } from './profile/profile.module';
import { replayModule } from './replay/replay.module';
import { reviewModule } from './review/review.module';
import { searchModule } from './search/search.module';
import { seoModule } from './seo/seo.module';
import { socialModule } from './social/social.module';
import { staffModule } from './staff/staff.module';

/**
 * Every feature of the server, once (server/modules/definition.ts). The order is the order of
 * their routes, and a module that uses another's service comes after it. A new feature is its
 * folder and one line here.
 */
export const MODULES: readonly TribunModule[] = [
  matchesModule,
  matchCentreModule,
  crestsModule,
  pointsModule,
  profileModule,
  collectionsModule,
  searchModule,
  oddsModule,
  marketsModule,
  forecastModule,
  guessingModule,
  staffModule,
  reviewModule,
  importsModule,
  replayModule,
  seoModule,
  accountModule,
  contactModule,
  notificationsModule,
  liveModule,
  oauthModule,
  filesModule,
  communityModule,
  socialModule,
  newsModule,
  moderationModule,
];
