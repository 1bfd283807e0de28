import { defineSettings, integerSetting, readSettings } from '../../settings/module-settings';
import type { TribunModule } from '../definition';
import { storedFilesSweepJob } from './sweep-stored-files';

/**
 * User files (decision 132): the pipeline and the file route live beneath every feature
 * (server/http, server/storage); this feature owns their housekeeping, the sweep of files no
 * feature claimed.
 */
export const filesSettings = defineSettings({
  /** hours an upload may stay unclaimed by a feature before the sweep removes it (decision 132) */
  UPLOAD_CLAIM_GRACE_HOURS: integerSetting(1, 720, 24),
});

export const filesModule: TribunModule = {
  name: 'files',
  settings: filesSettings,
  jobs(runner, { env, db, storage, log }) {
    runner.register(
      storedFilesSweepJob({
        db,
        // The upload pipeline's own store (server/start.ts): the same disk folder or bucket, one client.
        storage,
        graceHours: readSettings(filesSettings, env.raw).UPLOAD_CLAIM_GRACE_HOURS,
        onRemoved: (keys) => log.info({ count: keys.length }, 'removed uploads no feature claimed within the grace period'),
      }),
    );
  },
};
