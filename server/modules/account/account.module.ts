import { need, type TribunModule } from '../definition';
import type { AccountDeps } from './account-deps';
import { createAccountForms } from './account-forms';
import { accountClosureJob } from './account-closure';
import { accountRoutes, createAccountDeps, type AccountRoutesOptions } from './account.routes';

declare module '../definition' {
  interface ModuleServices {
    /** mail, limits and welcome points of sign-in and registration, shared by the API and the pages' forms */
    account: { deps: AccountDeps; options: AccountRoutesOptions };
  }
}

/** Sign-in, registration, codes, passwords, account closure; the pages' account forms. */
export const accountModule: TribunModule = {
  name: 'account',
  // One set of account dependencies for the API and the pages' forms: the same mail, the same limits.
  provide: ({ db, options }) => {
    const accountOptions: AccountRoutesOptions = { db, ...options.account };
    return { account: { deps: createAccountDeps(accountOptions), options: accountOptions } };
  },
  async routes(app, context) {
    const { deps, options } = need(context, 'account', 'account');
    await app.register(accountRoutes, { ...options, deps });
  },
  pageReads: (context) => {
    const { deps, options } = need(context, 'account', 'account');
    const forms = createAccountForms({ deps, secureCookies: options.secureCookies ?? false, now: options.now });
    return { writes: (request) => ({ forms: forms(request) }) };
  },
  jobs(runner, { db, onSessionsRevoked, log }) {
    runner.register(
      accountClosureJob({ db, onSessionsRevoked, onClosed: (ids) => log.info({ count: ids.length }, 'closed accounts whose cancellation was due') }),
    );
  },
};
