import type { Resource } from 'i18next';
import { addPageTexts, recordNamespaces, takeRecordedTexts } from './i18n';

/**
 * The texts a page needs to hydrate travel with its HTML (docs/decisions/084-first-load-javascript.md):
 * the server notes which namespaces its render reads and writes them, in the page's language,
 * into a JSON block after the page and before the scripts; the browser adds them before hydrating and loads
 * the rest of the locale later, as a chunk. No script bundles every text of every language.
 */
export const PAGE_TEXTS_ID = 'page-texts';

/** The JSON this page carried, to render the same element when hydrating. */
let carried: string | null = null;

/** Server: starts noting the namespaces this document's render reads. First thing in the document. */
export function startPageTexts(): void {
  if (typeof document === 'undefined') recordNamespaces();
}

/** Browser, before hydration: adds the texts the page carries; false when it carries none. */
export function readPageTexts(): boolean {
  const element = document.getElementById(PAGE_TEXTS_ID);
  if (element === null) return false;
  carried = element.textContent ?? '{}';
  addPageTexts(JSON.parse(carried) as Resource);
  return true;
}

function serialize(resources: Resource): string {
  // Inside <script>, `</script>` or `<!--` would end or bend the block; JSON.parse reads \u003c back as <.
  return JSON.stringify(resources).replace(/</g, '\\u003c');
}

/**
 * The JSON block: after everything that translates, and before the scripts. The client entry is
 * an async module and may run while the document is still arriving; placed before it, the block
 * is always whole when the entry reads it (e2e/slow-document.spec.ts).
 */
export function PageTexts() {
  const json = typeof document === 'undefined' ? serialize(takeRecordedTexts()) : (carried ?? '{}');
  return <script id={PAGE_TEXTS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
