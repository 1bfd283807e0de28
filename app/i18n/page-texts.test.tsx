import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import trScores from '../locales/tr/scores.json';
import { getI18n, getT } from './i18n';
import { PAGE_TEXTS_ID, PageTexts, startPageTexts } from './page-texts';

function Translated() {
  const { t } = useTranslation('scores');
  return (
    <p>
      {t('home.title')} {t('messages:api.notFound')}
    </p>
  );
}

/** A document's render as the root layout does it: record, translate, then the texts block. */
function renderPage(): { html: string; carried: Record<string, Record<string, unknown>> } {
  startPageTexts();
  const title = getT('tr', 'common')('app.meta.title');
  const html = renderToString(
    <I18nextProvider i18n={getI18n('tr')}>
      <title>{title}</title>
      <Translated />
      <PageTexts />
    </I18nextProvider>,
  );
  const json = new RegExp(`<script id="${PAGE_TEXTS_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? '{}';
  return { html, carried: JSON.parse(json) as Record<string, Record<string, unknown>> };
}

describe('the texts a page carries', () => {
  it('are the namespaces its render read, in its language, whole', () => {
    const { html, carried } = renderPage();
    expect(html).toContain(trScores.home.title);
    expect(Object.keys(carried)).toEqual(['tr']);
    expect(Object.keys(carried.tr ?? {}).sort()).toEqual(['common', 'messages', 'scores']);
    expect(carried.tr?.scores).toEqual(trScores);
  });

  it('start afresh with every render', () => {
    renderPage();
    startPageTexts();
    const html = renderToString(<PageTexts />);
    expect(html).toBe(`<script id="${PAGE_TEXTS_ID}" type="application/json">{}</script>`);
  });

  it('cannot end the script block early', () => {
    startPageTexts();
    // A text with "</script>" in it would close the block; the JSON writes "<" as \u003c.
    getI18n('tr').addResource('tr', 'common', 'test.unsafe', '</script><script>alert(1)</script>');
    getT('tr', 'common')('test.unsafe');
    const html = renderToString(<PageTexts />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.stringify(JSON.parse(/>([\s\S]*)<\/script>$/.exec(html)?.[1] ?? '{}'))).toContain('</script><script>alert(1)');
  });
});
