import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../components/local-link';
import { primaryButtonClass } from '../../../components/ui/field';
import { communityPaths } from '../community-paths';

/** The community's frame: its title, the way to the hot list and the button to write a post. */
export function CommunityFrame({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation('community');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 sm:my-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section className="min-w-0 bg-surface sm:rounded-lg sm:border sm:border-line">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h1 className="text-xl font-bold">{title}</h1>
          <LocalLink to={communityPaths.editor} className={primaryButtonClass} data-testid="write-post">
            {t('feed.write')}
          </LocalLink>
        </header>
        {children}
      </section>
      {aside ? <aside className="min-w-0">{aside}</aside> : null}
    </div>
  );
}
