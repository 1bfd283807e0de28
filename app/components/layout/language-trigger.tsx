import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';
import { ChevronDownIcon, GlobeIcon } from './icons';

/** The header's language button: the same element before and after the menu's code arrives. */
export function LanguageTrigger(props: ComponentProps<'button'>) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (
    <button
      type="button"
      aria-label={`${t('layout.language.label')}: ${t(`language.${locale}`)}`}
      className="flex h-9 items-center gap-1 rounded px-2 text-header-fg hover:bg-white/10 data-[state=open]:bg-white/15 lg:px-1.5 xl:px-2"
      {...props}
    >
      <GlobeIcon className="size-4" />
      <span className="hidden sm:inline lg:hidden xl:inline">{t(`language.${locale}`)}</span>
      <ChevronDownIcon className="size-3.5 opacity-80" />
    </button>
  );
}
