/**
 * Screenshots of pages of a running server at desktop and phone widths, for looking at what
 * we build as a user would.
 *
 *   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /en /zh/basketball
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../e2e/support/browser';

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const WIDTHS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

async function main(): Promise<void> {
  const [base = 'http://localhost:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
  mkdirSync(outDir, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      const context = await browser.newContext({ viewport, userAgent: USER_AGENT, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const pagePath of paths.length > 0 ? paths : ['/']) {
        await page.goto(base + pagePath, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1500);
        const file = path.join(outDir, `${name}${pagePath.replace(/[^a-z0-9]+/gi, '_') || '_'}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
