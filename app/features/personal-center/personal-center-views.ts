/**
 * Personal-centre children (section 2) under /personal-center/personal-center. aboutUs is
 * served by the about page, which exists already.
 */
export const PERSONAL_CENTER_CHILDREN = [
  { path: 'setEntry', view: 'setEntry' },
  { path: 'buyRecords', view: 'buyRecords' },
  { path: 'gadeEquity', view: 'gadeEquity' },
  { path: 'goodDetails/:id', view: 'goodDetails' },
  { path: 'pointsMall', view: 'pointsMall' },
  { path: 'pointsRecord', view: 'pointsRecord' },
  { path: 'inviteFriends', view: 'inviteFriends' },
  { path: 'changeNickname', view: 'changeNickname' },
  { path: 'updatePassword', view: 'updatePassword' },
  { path: 'competitionCollection', view: 'competitionCollection' },
  { path: 'notificationsSettings', view: 'notificationsSettings' },
  { path: 'changeInformationEntry', view: 'changeInformationEntry' },
] as const;
export type PersonalCenterView = (typeof PERSONAL_CENTER_CHILDREN)[number]['view'];
