import type { BloggerProfile } from '../../../../core/contracts/bloggers';

/**
 * What a fan's pages show, decided apart from React so it is tested as rules
 * (docs/decisions/145).
 */

/** The tabs of a fan's page (specification: bloggers' home, posted, purchased, followed), in order. */
export const USER_CENTER_TABS = ['home', 'posted', 'purchased', 'followed'] as const;
export type UserCenterTab = (typeof USER_CENTER_TABS)[number];

/** The tabs one reader gets: "purchased" only on their own page, to nobody else (staff included). */
export function tabsFor(profile: Pick<BloggerProfile, 'is_own'>): UserCenterTab[] {
  return USER_CENTER_TABS.filter((tab) => tab !== 'purchased' || profile.is_own);
}

/**
 * The tab of the address (`?tab=`): none is home; an unknown one is null (the page answers 404).
 * "purchased" is a tab only on the reader's own page; on another's it is unknown like any other.
 */
export function tabOf(raw: string | null, profile: Pick<BloggerProfile, 'is_own'> | null): UserCenterTab | null {
  if (raw === null || raw === '') return 'home';
  const tab = USER_CENTER_TABS.find((name) => name === raw) ?? null;
  if (tab === 'purchased' && profile !== null && !profile.is_own) return null;
  return tab;
}

/** The lists of userFollow/{type}/{id}: the fans who follow them, and the fans they follow. */
export const FOLLOW_TYPES = ['followers', 'following'] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

export function followTypeOf(raw: string | undefined): FollowType | null {
  return FOLLOW_TYPES.find((type) => type === raw) ?? null;
}

/** A user id of the address: a whole number the API accepts (1 … 2³¹−1), else null. */
export function userIdOf(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Unprefixed paths of a fan's pages (LocalLink adds the reader's locale). */
export const bloggerPaths = {
  center: (id: number, tab: UserCenterTab = 'home') => `/community/community/userCenter/${id}${tab === 'home' ? '' : `?tab=${tab}`}`,
  follow: (type: FollowType, id: number) => `/community/community/userFollow/${type}/${id}`,
  mine: '/community/community/pageLayout/userInfo',
};

/**
 * The header's counts after a follow or unfollow answered: the API tells the followed fan's
 * fans count; the reader's own following count moves by one when the state changed.
 */
export function afterFollow(profile: BloggerProfile, answer: { is_followed: boolean; fans_count: number }): BloggerProfile {
  return { ...profile, is_followed: answer.is_followed, fans_count: answer.fans_count };
}

/** Appends a further page of a cursor list, leaving out rows already shown (a row that moved up between pages). */
export function appendPage<T extends { id: number }>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map((row) => row.id));
  return [...shown, ...next.filter((row) => !seen.has(row.id))];
}
