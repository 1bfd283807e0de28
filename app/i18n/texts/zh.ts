import { zh } from '../../../core/messages/zh';
import { collectTexts } from '../collect-texts';

// Every namespace of one locale: in the browser this module is its own chunk (see ../texts.browser.ts).
export default collectTexts(
  import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/zh/*.json', '../../features/*/locales/zh.json'], { eager: true }),
  zh,
);
