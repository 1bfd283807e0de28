import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../core/contracts/account';
import { useLocale } from '../../lib/locale';
import { Avatar } from '../avatar';
import { ChevronDownIcon } from './icons';

/** The header's account button: avatar, nickname and points; the same element before and after the menu's code arrives. */
export function UserTrigger({ user, ...props }: { user: UserInfo } & ComponentProps<'button'>) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const points = new Intl.NumberFormat(locale).format(user.points);
  return (
    <button
      type="button"
      data-testid="user-menu"
      aria-label={t('layout.user.menu', { nickname: user.nickname })}
      className="ml-1 flex h-9 items-center gap-1.5 rounded-full py-0.5 ps-0.5 pe-2 text-header-fg hover:bg-white/10 data-[state=open]:bg-white/15"
      {...props}
    >
      <Avatar id={user.avatar} size={30} className="ring-2 ring-white/70" />
      <span className="hidden max-w-32 truncate font-semibold sm:inline lg:max-w-24">{user.nickname}</span>
      <span data-testid="header-points" className="hidden rounded-full bg-white/15 px-1.5 text-xs font-semibold tabular-nums sm:inline lg:hidden">
        {t('layout.user.points', { count: user.points, formatted: points })}
      </span>
      <ChevronDownIcon className="size-3.5 opacity-80" />
    </button>
  );
}
