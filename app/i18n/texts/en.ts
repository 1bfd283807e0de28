import { en } from '../../../core/messages/en';
import { collectTexts } from '../collect-texts';

// Every namespace of one locale: in the browser this module is its own chunk (see ../texts.browser.ts).
export default collectTexts(
  import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/en/*.json', '../../features/*/locales/en.json'], { eager: true }),
  en,
);
