/**
 * Personal-centre pages (section 2) under /personal-center/personal-center.
 *
 * The account's own pages share one layout that needs a signed-in reader (`file` is the route
 * module under features/personal-center/routes/). aboutUs (the about page), the points mall
 * and product details are public: anyone may look around before signing in.
 */
export const PERSONAL_CENTER_CHILDREN = [
  { path: 'changeInformationEntry', view: 'changeInformationEntry', file: 'change-information.tsx' },
  { path: 'changeNickname', view: 'changeNickname', file: 'change-nickname.tsx' },
  { path: 'avatar', view: 'avatar', file: 'avatar.tsx' },
  { path: 'updatePassword', view: 'updatePassword', file: 'update-password.tsx' },
  { path: 'pointsRecord', view: 'pointsRecord', file: 'points-record.tsx' },
  { path: 'competitionCollection', view: 'competitionCollection', file: 'collection.tsx' },
  { path: 'notificationsSettings', view: 'notificationsSettings', file: 'notifications-settings.tsx' },
  { path: 'setEntry', view: 'setEntry', file: 'settings.tsx' },
  { path: 'cancelAccount', view: 'cancelAccount', file: 'cancel-account.tsx' },
  { path: 'buyRecords', view: 'buyRecords', file: 'buy-records.tsx' },
  // Later features: the pages say plainly what is coming.
  { path: 'gadeEquity', view: 'gadeEquity', file: 'coming-soon-view.tsx' },
  { path: 'inviteFriends', view: 'inviteFriends', file: 'coming-soon-view.tsx' },
] as const;

export const PERSONAL_CENTER_PUBLIC = [
  { path: 'pointsMall', view: 'pointsMall', file: 'coming-soon-view.tsx' },
  { path: 'goodDetails/:id', view: 'goodDetails', file: 'coming-soon-view.tsx' },
] as const;

export type PersonalCenterView =
  | 'overview'
  | 'aboutUs'
  | (typeof PERSONAL_CENTER_CHILDREN)[number]['view']
  | (typeof PERSONAL_CENTER_PUBLIC)[number]['view'];

/** The base path of the personal centre (unprefixed). */
export const PERSONAL_CENTER = '/personal-center/personal-center';

/** The entries of the centre's menu, grouped as the overview and the side menu show them. */
export const PERSONAL_CENTER_MENU: readonly { group: string; views: readonly PersonalCenterView[] }[] = [
  { group: 'account', views: ['changeInformationEntry', 'changeNickname', 'avatar', 'updatePassword'] },
  { group: 'points', views: ['pointsRecord', 'pointsMall', 'inviteFriends', 'gadeEquity', 'buyRecords'] },
  { group: 'matches', views: ['competitionCollection', 'notificationsSettings'] },
  { group: 'more', views: ['setEntry', 'aboutUs', 'cancelAccount'] },
];

export function personalCenterPath(view: PersonalCenterView): string {
  if (view === 'overview') return PERSONAL_CENTER;
  if (view === 'goodDetails') return `${PERSONAL_CENTER}/pointsMall`;
  return `${PERSONAL_CENTER}/${view}`;
}
