import { z } from 'zod';
import { multiLineText, singleLineText } from './text';
import type { AlertSettings } from '../alerts';
import { LOCALES, type Locale } from '../locale';
import { ODDS_FORMATS } from './odds';
import { AVATAR_IDS, EmailSchema, GENDERS, NicknameSchema, UserInfoSchema, VerificationCodeSchema } from './account';
import { defineEndpoint } from './endpoints';

/**
 * Request shapes of the personal-data endpoints (docs/api/accounts.md "Personal data").
 * Error messages are message keys of the server (server/i18n/points-messages.ts): each field
 * answers its own rule in the reader's language. The contact rules are written down in
 * docs/decisions/031-contact-fields.md; the web form uses the same functions.
 */

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const ADDRESS_MAX = 200;
export const SOCIAL_MAX = 100;

/** Characters of a text as a reader counts them (code points, not UTF-16 units). */
function length(value: string): number {
  return [...value].length;
}

/** Control, format (zero-width, bidi), private-use and unassigned characters. */
const INVISIBLE = /\p{C}/u;

/**
 * A phone number: 6–20 characters of digits, spaces, '-' and a leading '+', with at least six
 * digits.
 */
export function isPhone(value: string): boolean {
  return /^\+?[0-9 -]+$/.test(value) && value.length <= 20 && (value.match(/[0-9]/g)?.length ?? 0) >= 6;
}

/** An http(s) address on one of `hosts`, with something after the host (the profile). */
function isProfileUrl(value: string, hosts: readonly string[]): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return hosts.includes(url.hostname.toLowerCase()) && url.pathname.replace(/\/+$/, '').length > 1 && !url.username;
  } catch {
    return false;
  }
}

/** The social contacts: a handle or a link to the profile on that network's own site. */
export const SOCIAL_RULES = {
  /** Telegram usernames: 4–32 letters, digits, '_', starting with a letter; '@' optional */
  telegram: {
    handle: (value: string) => /^@?[A-Za-z][A-Za-z0-9_]{3,31}$/.test(value),
    hosts: ['t.me', 'telegram.me', 'telegram.dog'],
  },
  /** WhatsApp is reached by phone number, so the handle is a phone number */
  whatsapp: { handle: isPhone, hosts: ['wa.me', 'api.whatsapp.com', 'whatsapp.com', 'www.whatsapp.com'] },
  /** Instagram usernames: 1–30 letters, digits, '.', '_'; '@' optional */
  instagram: {
    handle: (value: string) => /^@?[A-Za-z0-9._]{1,30}$/.test(value),
    hosts: ['instagram.com', 'www.instagram.com', 'instagr.am'],
  },
  /** Facebook usernames: 5–50 letters, digits, '.'; '@' optional */
  facebook: {
    handle: (value: string) => /^@?[A-Za-z0-9.]{5,50}$/.test(value),
    hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'fb.com', 'www.fb.com', 'fb.me'],
  },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_RULES;

export function isSocialContact(network: SocialNetwork, value: string): boolean {
  const rule = SOCIAL_RULES[network];
  return value.length <= SOCIAL_MAX && (rule.handle(value) || isProfileUrl(value, rule.hosts));
}

/**
 * A contact field of updateInfo: trimmed; "" or null clears it (stored as null); anything else
 * must pass `isValid`, or the field answers `message`.
 */
function contact(message: string, isValid: (value: string) => boolean) {
  return singleLineText({ error: message })
    .nullable()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value === '' || (!INVISIBLE.test(value) && isValid(value)), { error: message })
    .transform((value) => (value === '' ? null : value));
}

export const UpdateInfoBodySchema = z.object({
  gender: z.enum(GENDERS, { error: 'profile.gender.required' }).optional(),
  phone: contact('profile.phone.invalid', isPhone).optional(),
  address: multiLineText({ error: 'profile.address.tooLong' })
    .nullable()
    .transform((value) => (value ?? '').trim())
    // line breaks are fine in an address; other control characters are not
    .refine((value) => length(value) <= ADDRESS_MAX && !/[^\P{C}\n]/u.test(value), { error: 'profile.address.tooLong' })
    .transform((value) => (value === '' ? null : value))
    .optional(),
  telegram: contact('profile.telegram.invalid', (value) => isSocialContact('telegram', value)).optional(),
  whatsapp: contact('profile.whatsapp.invalid', (value) => isSocialContact('whatsapp', value)).optional(),
  instagram: contact('profile.instagram.invalid', (value) => isSocialContact('instagram', value)).optional(),
  facebook: contact('profile.facebook.invalid', (value) => isSocialContact('facebook', value)).optional(),
});
export type UpdateInfoBody = z.output<typeof UpdateInfoBodySchema>;

/** Same rules as at registration: 2–20 characters, unique ignoring case (toNicknameKey). */
export const ChangeNicknameBodySchema = z.object({ nickname: NicknameSchema });

/** The new address and the code mailed to it (code purpose changeEmail). */
export const ChangeEmailBodySchema = z.object({ email: EmailSchema, code: VerificationCodeSchema });

export const AvatarBodySchema = z.object({
  avatar: z.enum(AVATAR_IDS, { error: 'profile.avatar.invalid' }),
});

const alertSetting = z.boolean({ error: 'profile.eventMsgStatus.invalid' }).optional();

/** Some or all notification switches; the ones left out keep their value. */
export const EventMsgStatusPatchSchema = z.object(
  {
    all_comp: alertSetting,
    game_collect: alertSetting,
    voice_stauts: alertSetting,
    guess_result: alertSetting,
    pre_result: alertSetting,
    activity_result: alertSetting,
  } satisfies Record<keyof AlertSettings, unknown>,
  { error: 'profile.eventMsgStatus.invalid' },
);

const LOCALE_CODES = LOCALES.map((locale) => locale.code) as [Locale, ...Locale[]];

export const SettingsBodySchema = z.object({
  event_msg_status: EventMsgStatusPatchSchema.optional(),
  /** the language of mails and of the site after sign-in; null follows the address */
  locale: z.enum(LOCALE_CODES, { error: 'profile.locale.required' }).nullable().optional(),
  /** null follows the device */
  theme: z.enum(THEMES, { error: 'profile.theme.invalid' }).nullable().optional(),
  /** how odds are shown; null: not chosen (the browser's choice, else decimal) */
  odds_format: z.enum(ODDS_FORMATS, { error: 'profile.oddsFormat.invalid' }).nullable().optional(),
});
export type SettingsBody = z.output<typeof SettingsBodySchema>;

/** The signed-in user's own data (docs/api/accounts.md "Personal data"): each answers the account's UserInfo. */
export const profileEndpoints = {
  updateInfo: defineEndpoint({ method: 'POST', path: '/api/user/updateInfo', body: UpdateInfoBodySchema, data: UserInfoSchema }),
  changeNickname: defineEndpoint({ method: 'POST', path: '/api/user/changeNickname', body: ChangeNicknameBodySchema, data: UserInfoSchema }),
  changeEmail: defineEndpoint({ method: 'POST', path: '/api/user/changeEmail', body: ChangeEmailBodySchema, data: UserInfoSchema }),
  changeAvatar: defineEndpoint({ method: 'POST', path: '/api/user/avatar', body: AvatarBodySchema, data: UserInfoSchema }),
  saveSettings: defineEndpoint({ method: 'POST', path: '/api/user/settings', body: SettingsBodySchema, data: UserInfoSchema }),
  requestCancellation: defineEndpoint({ method: 'POST', path: '/api/user/cancel', data: UserInfoSchema }),
  revokeCancellation: defineEndpoint({ method: 'POST', path: '/api/user/cancel/revoke', data: UserInfoSchema }),
};
