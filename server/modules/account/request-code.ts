import type { CodePurpose, CodeRequestBody, CodeRequestResult } from '../../../core/contracts/account';
import type { Locale } from '../../../core/locale';
import { AppError, invalidFields } from '../../errors';
import { translate } from '../../i18n/translate';
import type { SessionUser } from '../../http/current-user';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { CODE_VALIDITY_SEC, issueCode } from './codes';
import { CODES_PER_ADDRESS_HOUR, CODES_PER_EMAIL_HOUR, CODES_PER_EMAIL_MINUTE, CODES_PER_USER_HOUR } from '../../settings/limits';
import { enforceRateLimits } from './limits';
import { findUserByEmail, findUserById } from './users';

const MAIL_TEXT = {
  register: 'account.mail.code.register',
  reset: 'account.mail.code.reset',
  changePassword: 'account.mail.code.changePassword',
  changeEmail: 'account.mail.code.changeEmail',
} as const satisfies Record<CodePurpose, string>;

/** The mail to an address that already has an account, in place of a register or changeEmail code. */
const ACCOUNT_EXISTS_TEXT = {
  register: 'account.mail.accountExists.register',
  changeEmail: 'account.mail.accountExists.changeEmail',
} as const;

/**
 * POST /api/user/code: emails a 6-digit code. Rules (docs/api/accounts.md, decision 106):
 * - the answer never says whether an address has an account: register and changeEmail to an
 *   address that has one, and reset to an address that has none, answer exactly as a mailed
 *   code does (same limits, same 200); the address gets a mail that says so instead of a code
 *   ("you already have an account: sign in, or reset your password"; "no account uses this
 *   address");
 * - changePassword, changeEmail: signed in only; changePassword goes to the account's own address;
 * - rate limits per client address (20 an hour, every request), per signed-in account (10 an
 *   hour) and per email address (1 a minute per purpose, 10 an hour; mails only).
 * The mail is in the request's language.
 */
export async function requestCode(
  deps: AccountDeps,
  options: { body: CodeRequestBody; user: SessionUser | null; origin: RequestOrigin; locale: Locale; now: Date },
): Promise<CodeRequestResult> {
  const { db } = deps;
  const { purpose } = options.body;
  const email = await targetAddress(deps, options.body, options.user);

  // The client address and the account count every request (they bound how fast addresses can
  // be probed); the per-email limits protect a mailbox, so they count only requests that mail.
  await enforceRateLimits(
    deps.limiter,
    [
      { key: `code:client:${options.origin.ip}`, ...CODES_PER_ADDRESS_HOUR },
      ...(options.user ? [{ key: `code:user:${options.user.id}`, ...CODES_PER_USER_HOUR }] : []),
    ],
    options.now,
  );
  const account = await findUserByEmail(db, email);
  await enforceRateLimits(
    deps.limiter,
    [
      { key: `code:email-minute:${purpose}:${email}`, ...CODES_PER_EMAIL_MINUTE },
      { key: `code:email-hour:${email}`, ...CODES_PER_EMAIL_HOUR },
    ],
    options.now,
  );
  const answer = { expiresInSec: CODE_VALIDITY_SEC, resendAfterSec: CODES_PER_EMAIL_MINUTE.windowSec };

  if (purpose === 'reset' && !account) {
    await deps.mailer.send({
      to: email,
      subject: translate(options.locale, 'account.mail.noAccount.subject'),
      text: translate(options.locale, 'account.mail.noAccount.text'),
    });
    return answer;
  }
  if ((purpose === 'register' || purpose === 'changeEmail') && account) {
    // No code: none is needed to sign in, and a code would let its holder learn the answer.
    await deps.mailer.send({
      to: email,
      subject: translate(options.locale, 'account.mail.accountExists.subject'),
      text: translate(options.locale, ACCOUNT_EXISTS_TEXT[purpose]),
    });
    return answer;
  }

  const { code } = await issueCode(db, { email, purpose, now: options.now });
  await deps.mailer.send({
    to: email,
    subject: translate(options.locale, 'account.mail.code.subject', { code }),
    text: translate(options.locale, MAIL_TEXT[purpose], { code, minutes: CODE_VALIDITY_SEC / 60 }),
  });
  return answer;
}

async function targetAddress(deps: AccountDeps, body: CodeRequestBody, user: SessionUser | null): Promise<string> {
  if (body.purpose === 'register' || body.purpose === 'reset') return requiredEmail(body.email);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (body.purpose === 'changeEmail') return requiredEmail(body.email);
  const account = await findUserById(deps.db, user.id);
  if (!account?.email) {
    throw invalidFields([{ field: 'email', message: 'account.email.required' }]);
  }
  return account.email;
}

/** The schema already demands an address for these purposes; this narrows the type. */
function requiredEmail(email: string | undefined): string {
  if (email === undefined) {
    throw invalidFields([{ field: 'email', message: 'account.email.required' }]);
  }
  return email;
}
