import { lazy } from 'react';
import type { UserInfo } from '../../../core/contracts/account';
import { LAZY_TRIGGER_ATTRIBUTE, LazyMenu } from '../lazy-menu';
import { UserTrigger } from './user-trigger';

const AccountMenu = lazy(() => import('./account-menu'));

/** The signed-in reader in the header, opening their account menu (account-menu.tsx, loaded after the first paint). */
export function UserMenu({ user }: { user: UserInfo }) {
  return (
    <LazyMenu
      menu={AccountMenu}
      props={{ user }}
      placeholder={(open) => (
        <UserTrigger user={user} aria-haspopup="menu" aria-expanded={false} {...{ [LAZY_TRIGGER_ATTRIBUTE]: '' }} onClick={open} />
      )}
    />
  );
}
