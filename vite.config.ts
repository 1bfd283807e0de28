import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser build loads one locale's texts on demand instead of bundling all of them
 * (docs/decisions/084): imports of app/i18n/texts.ts resolve to app/i18n/texts.browser.ts in
 * the client environment. The server build and the unit tests keep the bundled module.
 */
function browserTexts(): Plugin {
  const bundled = fileURLToPath(new URL('./app/i18n/texts.ts', import.meta.url));
  const browser = fileURLToPath(new URL('./app/i18n/texts.browser.ts', import.meta.url));
  return {
    name: 'tribun:browser-texts',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async resolveId(source, importer, options) {
      if (!/(^|\/)texts(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === bundled ? browser : null;
    },
  };
}

export default defineConfig({
  plugins: [browserTexts(), tailwindcss(), reactRouter()],
  build: {
    sourcemap: false,
    // Dozens of 1–3 KB chunks each cost a phone a request before the page can hydrate; chunks
    // below this size are merged into a chunk that loads with them (docs/decisions/092).
    rollupOptions: { output: { experimentalMinChunkSize: 4_000 } },
  },
});
