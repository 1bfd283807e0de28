import { z } from 'zod';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../alerts';

/**
 * Shapes of accounts shared by the server and the web app (accounts issue). Request and
 * response schemas of the account endpoints are added beside these.
 */

export const USER_ROLES = ['user', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** active; pending_cancellation for 15 days after the user asked to close it; closed */
export const USER_STATUSES = ['active', 'pending_cancellation', 'closed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** What an emailed verification code is for. */
export const CODE_PURPOSES = ['register', 'reset', 'changePassword', 'changeEmail'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The avatars a user can choose from (generated pictures, see the avatar selection page). */
export const AVATAR_IDS = ['a01', 'a02', 'a03', 'a04', 'a05', 'a06', 'a07', 'a08', 'a09', 'a10', 'a11', 'a12'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

/**
 * Notification settings (section 3, event_msg_status): goal alerts for all competitions or
 * only collected games, the goal sound (the specification's field name `voice_stauts` is kept
 * as the wire name), and the three other pop-ups. All on by default.
 */
export const EventMsgStatusSchema: z.ZodType<AlertSettings> = z.object({
  all_comp: z.boolean(),
  game_collect: z.boolean(),
  voice_stauts: z.boolean(),
  guess_result: z.boolean(),
  pre_result: z.boolean(),
  activity_result: z.boolean(),
});
export type EventMsgStatus = AlertSettings;

export const DEFAULT_EVENT_MSG_STATUS: Readonly<EventMsgStatus> = DEFAULT_ALERT_SETTINGS;

/** An account asking to be closed closes after this many days unless the user revokes it. */
export const ACCOUNT_CANCELLATION_DAYS = 15;
