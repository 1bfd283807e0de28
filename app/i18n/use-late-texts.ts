import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../core/locale';
import { loadLocale } from './i18n';

/**
 * For parts mounted only after hydration (the pop-up layer, the notices): a page whose server
 * render used none of their namespaces does not carry those texts, which come with the locale's
 * chunk. This asks for the chunk at once and renders again when the texts are there — also when
 * they arrived between the first render and this effect, an event a store listener would miss —
 * so the parts never show text keys. Returns whether the texts are there.
 */
export function useLateTexts(namespaces: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  const language = i18n.language;
  const hasAll = () => namespaces.every((namespace) => i18n.hasResourceBundle(language, namespace));
  const hadAllAtRender = hasAll();
  const key = namespaces.join(' ');
  useEffect(() => {
    if (hadAllAtRender) return;
    if (hasAll()) {
      renderAgain();
      return;
    }
    let isCurrent = true;
    const onAdded = () => {
      if (isCurrent && hasAll()) renderAgain();
    };
    i18n.store.on('added', onAdded);
    if (isLocale(language)) void loadLocale(language).then(onAdded, () => undefined);
    return () => {
      isCurrent = false;
      i18n.store.off('added', onAdded);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- hasAll reads i18n and the namespaces' key
  }, [i18n, language, key, hadAllAtRender]);
  return hadAllAtRender;
}
