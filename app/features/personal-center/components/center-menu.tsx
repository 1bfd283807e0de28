import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../components/local-link';
import { useLogout } from '../../../lib/use-logout';
import { PERSONAL_CENTER_MENU, personalCenterPath } from '../personal-center-views';

/**
 * The centre's sections in their groups. `variant="side"` is the side menu of wide screens
 * (the current page highlighted); `variant="list"` is the full-width list of the overview on
 * phones.
 */
export function CenterMenu({ variant }: { variant: 'side' | 'list' }) {
  const { t } = useTranslation('personalCenter');
  const logout = useLogout();
  const isSide = variant === 'side';
  return (
    <nav aria-label={t('menu.label')} className={isSide ? 'py-2' : 'grid gap-3'}>
      {PERSONAL_CENTER_MENU.map((group) => (
        <section key={group.group} className={isSide ? 'py-1' : 'bg-surface sm:rounded-lg sm:border sm:border-line'}>
          <h2 className={isSide ? 'px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase' : 'px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase'}>
            {t(`menu.groups.${group.group}`)}
          </h2>
          <ul className={isSide ? '' : 'divide-y divide-line'}>
            {group.views.map((view) => (
              <li key={view}>
                <LocalLink
                  to={personalCenterPath(view)}
                  end
                  className={
                    isSide
                      ? 'block border-s-3 border-transparent px-3.5 py-1.5 text-text hover:bg-surface-muted aria-[current=page]:border-accent aria-[current=page]:bg-accent-soft/60 aria-[current=page]:font-semibold'
                      : 'flex items-center justify-between px-4 py-3 hover:bg-surface-muted'
                  }
                >
                  <span>{t(`views.${view}`)}</span>
                  {isSide ? null : (
                    <span aria-hidden="true" className="text-muted">
                      ›
                    </span>
                  )}
                </LocalLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className={isSide ? 'border-t border-line px-2 pt-2' : 'bg-surface sm:rounded-lg sm:border sm:border-line'}>
        <button
          type="button"
          onClick={() => void logout()}
          className={isSide ? 'w-full rounded px-2 py-1.5 text-start font-medium text-accent hover:bg-surface-muted' : 'w-full px-4 py-3 text-start font-semibold text-accent hover:bg-surface-muted'}
        >
          {t('menu.logout')}
        </button>
      </div>
    </nav>
  );
}
