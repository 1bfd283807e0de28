import { tr } from '../../../core/messages/tr';
import { collectTexts } from '../collect-texts';

// Every namespace of one locale: in the browser this module is its own chunk (see ../texts.browser.ts).
export default collectTexts(
  import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/tr/*.json', '../../features/*/locales/tr.json'], { eager: true }),
  tr,
);
