import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '../../../core/contracts/account';
import { useLocale, useLocalizedPath } from '../../lib/locale';
import { useLogout } from '../../lib/use-logout';
import { Avatar } from '../avatar';
import type { LazyMenuProps } from '../lazy-menu';
import { UserTrigger } from './user-trigger';

const ITEMS = [
  { to: '/personal-center/personal-center', label: 'layout.user.personalCenter' },
  { to: '/personal-center/personal-center/pointsRecord', label: 'layout.user.pointsRecord' },
  { to: '/personal-center/personal-center/competitionCollection', label: 'layout.user.collection' },
  { to: '/personal-center/personal-center/setEntry', label: 'layout.user.settings' },
] as const;

const itemClass = 'flex items-center rounded px-2 py-1.5 outline-none data-[highlighted]:bg-surface-muted';

/** The signed-in reader's account menu, loaded after the first paint (UserMenu in user-menu.tsx). */
export default function AccountMenu({ user, defaultOpen, autoFocus }: { user: UserInfo } & LazyMenuProps) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const logout = useLogout();
  const points = new Intl.NumberFormat(locale).format(user.points);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <UserTrigger user={user} autoFocus={autoFocus} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[var(--z-index-layer)] w-60 rounded-md border border-line bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="flex items-center gap-2.5 px-2 py-2">
            <Avatar id={user.avatar} size={36} />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{user.nickname}</span>
              <span className="block text-xs text-muted tabular-nums">{t('layout.user.points', { count: user.points, formatted: points })}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {ITEMS.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link to={localize(item.to)} className={itemClass}>
                {t(item.label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item onSelect={() => void logout()} className={`${itemClass} cursor-pointer text-accent`}>
            {t('layout.user.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
