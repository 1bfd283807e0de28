import { createContext, useContext } from 'react';
import type { CspNonce } from '../../core/contracts/services';

/**
 * The nonces of the response's Content Security Policy (docs/decisions/072): app/entry.server.tsx
 * provides them from the load context while rendering on the server; in the browser there is
 * none (hydration keeps the server's attributes, and browsers hide nonce values from the DOM).
 */
export const CspNonceContext = createContext<CspNonce | undefined>(undefined);

export function useCspNonce(): CspNonce | undefined {
  return useContext(CspNonceContext);
}

/** The `<meta>` that carries the style nonce to code that adds `<style>` elements in the browser. */
export const STYLE_NONCE_META = 'csp-style-nonce';

/**
 * An inline script of the page's head, run before any module: zod compiles object parsers with
 * `new Function` when it may, and its probe for that, made as each schema module loads, is
 * reported as a violation (`script-src` allows no eval). Zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (shared by every copy of zod), so it can be set before zod
 * loads; `followPolicyInBrowser` sets it again the same way — not through `z.config`, which would
 * put zod in every page's first load (docs/decisions/084).
 */
export const ZOD_JITLESS_SCRIPT =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';

/** What the browser side does to stay inside the policy (decision 072). */
export function followPolicyInBrowser(): void {
  if (typeof document === 'undefined') return;
  const zod = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  zod.__zod_globalConfig = Object.assign(zod.__zod_globalConfig ?? {}, { jitless: true });
  shareStyleNonce();
}

/**
 * Radix's scroll lock (react-remove-scroll, through react-style-singleton and get-nonce) adds a
 * `<style>` element when a menu or dialog opens, with the nonce it finds in the global
 * `__webpack_nonce__`. The policy allows only nonced `<style>` elements, so hand it the style
 * nonce the server rendered. The `nonce` property keeps its value after the browser hides the
 * attribute.
 */
function shareStyleNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META}"]`)?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
