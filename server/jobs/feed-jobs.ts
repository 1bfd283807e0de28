import { importDemoHistory, type HistoryLog } from '../feed/importers/openfootball/demo-history';
import type { ImportTarget } from '../feed/importers/openfootball/import-season';
import type { FeedProvider, FeedSink } from '../feed/provider';
import type { JobDefinition } from './runner';

/**
 * Real past seasons (openfootball, committed under server/catalog/history) give tables, head to
 * head and form to the site; the leading process imports the ones the database lacks once it
 * leads (a few seconds the first time, one query after). Idempotent: a season is found again by
 * its source, a match by its external key. A season that fails alone is logged and skipped; a
 * failure of the whole run (the database away) is retried by the runner. The matches go through
 * the match write service, like every match write.
 */
export function historyImportJob(options: { target: ImportTarget; log: HistoryLog; onFailed?: (files: string[]) => void }): JobDefinition {
  return {
    name: 'history-import',
    runOnLead: true,
    async run({ now }) {
      const result = await importDemoHistory(options.target, { log: options.log, now });
      if (result.failed.length > 0) options.onFailed?.(result.failed);
    },
  };
}

/**
 * A feed provider (the simulator) plays on the leading process only: it starts when the process
 * leads and stops with the runner. A start that fails (planning the day failed) is retried with
 * back-off; the provider undoes a failed start itself, so a retry starts it once.
 */
export function feedProviderJob(options: { provider: FeedProvider; sink: FeedSink }): JobDefinition {
  return {
    name: options.provider.name,
    runOnLead: true,
    run: () => options.provider.start(options.sink),
    stop: () => options.provider.stop(),
  };
}
