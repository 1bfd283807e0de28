import type { CodePurpose, CodeRequestBody, CodeRequestResult } from '../../../core/contracts/account';
import type { Locale } from '../../../core/locale';
import { AppError, invalidFields } from '../../errors';
import { translate } from '../../i18n/translate';
import type { SessionUser } from '../auth/sessions';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { CODE_VALIDITY_SEC, issueCode } from './codes';
import {
  CODES_PER_ADDRESS_HOUR,
  CODES_PER_EMAIL_HOUR,
  CODES_PER_EMAIL_MINUTE,
  enforceRateLimits,
} from './limits';
import { emailTaken, findUserByEmail, findUserById } from './users';

const MAIL_TEXT = {
  register: 'account.mail.code.register',
  reset: 'account.mail.code.reset',
  changePassword: 'account.mail.code.changePassword',
  changeEmail: 'account.mail.code.changeEmail',
} as const satisfies Record<CodePurpose, string>;

/**
 * POST /api/user/code: emails a 6-digit code. Rules (docs/api/accounts.md):
 * - register, changeEmail: 409 EMAIL_TAKEN when the address has an account;
 * - reset: the same answer whether or not the address has an account (an address without one
 *   gets a mail saying so, and no code), so the answer reveals nothing;
 * - changePassword, changeEmail: signed in only; changePassword goes to the account's own address;
 * - rate limits per email address (1 a minute per purpose, 10 an hour) and per client address
 *   (20 an hour).
 * The mail is in the request's language.
 */
export async function requestCode(
  deps: AccountDeps,
  options: { body: CodeRequestBody; user: SessionUser | null; origin: RequestOrigin; locale: Locale; now: Date },
): Promise<CodeRequestResult> {
  const { db } = deps;
  const { purpose } = options.body;
  const email = await targetAddress(deps, options.body, options.user);

  // The client address counts every request (it bounds how fast addresses can be probed);
  // the per-email limits protect a mailbox, so they count only requests that send a mail.
  await enforceRateLimits(deps.limiter, [{ key: `code:client:${options.origin.ip}`, ...CODES_PER_ADDRESS_HOUR }], options.now);
  const account = await findUserByEmail(db, email);
  if ((purpose === 'register' || purpose === 'changeEmail') && account) throw emailTaken();
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
