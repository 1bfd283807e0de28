import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '../../../core/contracts/account';
import { useLocale, useLocalizedPath } from '../../lib/locale';
import { useLogout } from '../../lib/use-logout';
import { Avatar } from '../avatar';
import { ChevronDownIcon } from './icons';

const ITEMS = [
  { to: '/personal-center/personal-center', label: 'layout.user.personalCenter' },
  { to: '/personal-center/personal-center/pointsRecord', label: 'layout.user.pointsRecord' },
  { to: '/personal-center/personal-center/competitionCollection', label: 'layout.user.collection' },
  { to: '/personal-center/personal-center/setEntry', label: 'layout.user.settings' },
] as const;

const itemClass = 'flex items-center rounded px-2 py-1.5 outline-none data-[highlighted]:bg-surface-muted';

/** The signed-in reader in the header: avatar, nickname and points, opening their account menu. */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const logout = useLogout();
  const points = new Intl.NumberFormat(locale).format(user.points);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="user-menu"
        aria-label={t('layout.user.menu', { nickname: user.nickname })}
        className="ml-1 flex h-9 items-center gap-1.5 rounded-full py-0.5 ps-0.5 pe-2 text-header-fg hover:bg-white/10 data-[state=open]:bg-white/15"
      >
        <Avatar id={user.avatar} size={30} className="ring-2 ring-white/70" />
        <span className="hidden max-w-32 truncate font-semibold sm:inline lg:max-w-24 xl:max-w-32">{user.nickname}</span>
        <span data-testid="header-points" className="hidden rounded-full bg-white/15 px-1.5 text-xs font-semibold tabular-nums sm:inline lg:hidden 2xl:inline">
          {t('layout.user.points', { count: user.points, formatted: points })}
        </span>
        <ChevronDownIcon className="size-3.5 opacity-80" />
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
