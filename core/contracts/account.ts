import { z } from 'zod';
import { singleLineText } from './text';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../alerts';
import { ODDS_FORMATS } from './odds';
import { defineEndpoint } from './endpoints';

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

// Plain data without zod (core/contracts/avatars.ts), so the header's avatar does not load the
// validation library (docs/decisions/084).
export { AVATAR_IDS, type AvatarId } from './avatars';

/**
 * Notification settings (section 3, event_msg_status): goal alerts for all competitions or
 * only the reader's own matches (starred, followed teams and competitions; decision 110), the
 * goal sound (the specification's field name `voice_stauts` is kept as the wire name), and the
 * three other pop-ups. All on by default but goal alerts for every competition.
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

/**
 * A sign-in record (when, which browser, which IP address) is deleted this many days after the
 * sign-in ended: signed out, ran out, or ended by a password change or the account's closure.
 */
export const SIGN_IN_RECORD_DAYS = 90;

/** An e-mailed code is deleted this many days after it expired. */
export const CODE_RECORD_DAYS = 1;

/** A timestamp on the wire: ISO 8601 in UTC, e.g. 2025-05-01T18:30:00.000Z. */
const IsoTimeSchema = z.string();

/**
 * The signed-in user's own account as `GET /api/user/info` answers it (docs/api/accounts.md).
 * Never another user's: there is no user-id parameter anywhere in the account API.
 */
export const UserInfoSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** null only once a closed account has been erased */
  email: z.string().nullable(),
  avatar: z.string(),
  gender: z.enum(GENDERS).nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  telegram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  /** the points balance */
  points: z.number().int(),
  invite_code: z.string(),
  fans_count: z.number().int(),
  following_count: z.number().int(),
  event_msg_status: EventMsgStatusSchema,
  locale: z.string().nullable(),
  theme: z.string().nullable(),
  /** how odds are shown; null until the user chooses (the browser's choice, else decimal) */
  odds_format: z.enum(ODDS_FORMATS).nullable(),
  checkin: z.object({
    streak: z.number().int(),
    /** UTC day (YYYY-MM-DD) of the last check-in, or null */
    last_day: z.string().nullable(),
    /** whether the last check-in was on the current UTC day */
    checked_in_today: z.boolean(),
  }),
  /** set while the account waits to close: it closes at closes_at unless revoked */
  cancellation: z.object({ requested_at: IsoTimeSchema, closes_at: IsoTimeSchema }).nullable(),
  created_at: IsoTimeSchema,
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/* ─────────────── Sign-in and registration (docs/api/accounts.md) ───────────────
 * Field errors are message keys of server/i18n/account-messages.ts; the server answers them
 * in the reader's language, and the web forms can show the same keys.
 */

/** Password rule (docs/decisions/030-rate-limits.md): 8–72 characters, at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 20;
/** Emailed verification codes: 6 digits. */
export const VERIFICATION_CODE_LENGTH = 6;
/** A user's invitation code: 8 characters of this alphabet, without look-alikes (0/O, 1/I/L). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** Whether a password follows the rule: 8–72 characters with at least one letter and one digit. */
export function isValidPassword(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

/** Letters (any script), digits, `.`, `_`, `-`, and single spaces between words; never `@`. */
const NICKNAME_PATTERN = /^[\p{L}\p{M}\p{Nd}._-]+(?: [\p{L}\p{M}\p{Nd}._-]+)*$/u;

/**
 * The unique login handle of a nickname (users.nickname_key): the same for nicknames that differ
 * only in letter case. NFKC first, so look-alike compatibility forms fold together; the dotted
 * capital İ lower-cases to i + U+0307 in JavaScript, which is folded to a plain i.
 */
export function toNicknameKey(nickname: string): string {
  return nickname.normalize('NFKC').toLowerCase().replace(/i\u0307/g, 'i');
}

/** Emails are stored and compared lower-cased and trimmed (users.email). */
export function toEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A required text field: missing, not text or blank all answer `requiredKey`. */
function requiredText(requiredKey: string) {
  return singleLineText({ error: requiredKey }).trim().min(1, { error: requiredKey });
}

export const EmailSchema = requiredText('account.email.required')
  .toLowerCase()
  .max(254, { error: 'account.email.invalid' })
  .pipe(z.email({ error: 'account.email.invalid' }));

export const VerificationCodeSchema = requiredText('account.code.required').regex(/^\d{6}$/, {
  error: 'account.code.format',
});

export const PasswordSchema = singleLineText({ error: 'account.password.required' })
  .min(1, { error: 'account.password.required' })
  .refine(isValidPassword, { error: 'account.password.rule' });

const ConfirmPasswordSchema = singleLineText({ error: 'account.confirmPassword.required' })
  .min(1, { error: 'account.confirmPassword.required' });

export const NicknameSchema = requiredText('account.nickname.required')
  .min(NICKNAME_MIN_LENGTH, { error: 'account.nickname.length' })
  .max(NICKNAME_MAX_LENGTH, { error: 'account.nickname.length' })
  .regex(NICKNAME_PATTERN, { error: 'account.nickname.chars' });

/** 'The password is inconsistent twice' (section 5), reported on confirmPassword. */
function passwordsMatch(value: { password: string; confirmPassword: string }): boolean {
  return value.password === value.confirmPassword;
}
const MISMATCH = { path: ['confirmPassword'], error: 'account.password.mismatch' };

export const CodeRequestBodySchema = z
  .object({
    /** optional only for changePassword, which goes to the signed-in account's own address */
    email: EmailSchema.optional(),
    purpose: z.enum(CODE_PURPOSES),
  })
  .superRefine((value, context) => {
    if (value.purpose !== 'changePassword' && value.email === undefined) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'account.email.required' });
    }
  });
export type CodeRequestBody = z.infer<typeof CodeRequestBodySchema>;

export const CodeRequestResultSchema = z.object({
  /** seconds the code stays valid */
  expiresInSec: z.number().int(),
  /** seconds before another code may be asked for this address */
  resendAfterSec: z.number().int(),
});
export type CodeRequestResult = z.infer<typeof CodeRequestResultSchema>;

export const RegBeforeBodySchema = z.object({ email: EmailSchema, code: VerificationCodeSchema });
export type RegBeforeBody = z.infer<typeof RegBeforeBodySchema>;

export const RegisterBodySchema = z
  .object({
    email: EmailSchema,
    code: VerificationCodeSchema,
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
    nickname: NicknameSchema,
    /** a friend's invitation code; blank counts as none */
    inviteCode: singleLineText({ error: 'account.inviteCode.required' })
      .trim()
      .toUpperCase()
      .max(32, { error: 'account.inviteCode.unknown' })
      .optional(),
  })
  .refine(passwordsMatch, MISMATCH);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  /** email or nickname, any letter case */
  account: requiredText('account.account.required').max(254, { error: 'account.loginFailed' }),
  // The password of an existing account, never stored as text (only its hash): not refused for
  // control characters, so an older password that has one still signs in.
  password: z
    .string({ error: 'account.password.required' })
    .min(1, { error: 'account.password.required' })
    .max(1024, { error: 'account.loginFailed' }),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ChangePasswordBodySchema = z
  .object({
    /** signed out: the address whose password is reset; ignored when signed in */
    email: EmailSchema.optional(),
    code: VerificationCodeSchema,
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine(passwordsMatch, MISMATCH);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const UpdatePasswordBodySchema = z
  .object({
    // like the login password: an existing one, only ever hashed
    oldPassword: z
      .string({ error: 'account.oldPassword.required' })
      .min(1, { error: 'account.oldPassword.required' })
      .max(1024, { error: 'account.oldPassword.wrong' }),
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine(passwordsMatch, MISMATCH);
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export const SignInResultSchema = z.object({ token: z.string(), user: UserInfoSchema });
export type SignInResult = z.infer<typeof SignInResultSchema>;

// The success and error envelopes live in core/contracts/api.ts.

export const RegBeforeDataSchema = z.object({ ok: z.literal(true) });

/** The sign-in and registration endpoints (core/contracts/endpoints.ts); a user's own data is in core/contracts/profile.ts. */
export const accountEndpoints = {
  sendCode: defineEndpoint({ method: 'POST', path: '/api/user/code', body: CodeRequestBodySchema, data: CodeRequestResultSchema }),
  regBefore: defineEndpoint({ method: 'POST', path: '/api/user/regBefore', body: RegBeforeBodySchema, data: RegBeforeDataSchema }),
  register: defineEndpoint({ method: 'POST', path: '/api/user/reg', body: RegisterBodySchema, data: SignInResultSchema }),
  login: defineEndpoint({ method: 'POST', path: '/api/user/login', body: LoginBodySchema, data: SignInResultSchema }),
  logout: defineEndpoint({ method: 'POST', path: '/api/user/logout', data: z.null() }),
  info: defineEndpoint({ method: 'GET', path: '/api/user/info', data: UserInfoSchema }),
  changePassword: defineEndpoint({ method: 'POST', path: '/api/user/changePassword', body: ChangePasswordBodySchema, data: z.null() }),
  updatePassword: defineEndpoint({ method: 'POST', path: '/api/user/updatePassword', body: UpdatePasswordBodySchema, data: z.null() }),
};
