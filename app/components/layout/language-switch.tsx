import { lazy } from 'react';
import { LAZY_TRIGGER_ATTRIBUTE, LazyMenu } from '../lazy-menu';
import { LanguageTrigger } from './language-trigger';

const LanguageMenu = lazy(() => import('./language-menu'));

/** The language menu (language-menu.tsx), loaded after the first paint (decision 084). */
export function LanguageSwitch() {
  return (
    <LazyMenu
      menu={LanguageMenu}
      props={{}}
      placeholder={(open) => <LanguageTrigger aria-haspopup="menu" aria-expanded={false} {...{ [LAZY_TRIGGER_ATTRIBUTE]: '' }} onClick={open} />}
    />
  );
}
