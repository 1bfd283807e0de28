/** The avatars a user can choose from (generated pictures, see the avatar selection page). */
export const AVATAR_IDS = ['a01', 'a02', 'a03', 'a04', 'a05', 'a06', 'a07', 'a08', 'a09', 'a10', 'a11', 'a12'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];
