import { createStorage } from '../../storage/create-storage';
import type { TribunModule } from '../definition';
import { storedFilesSweepJob } from './sweep-stored-files';

/**
 * User files (decision 132): the pipeline and the file route live beneath every feature
 * (server/http, server/storage); this feature owns their housekeeping, the sweep of files no
 * feature claimed.
 */
export const filesModule: TribunModule = {
  name: 'files',
  jobs(runner, { env, db, log }) {
    runner.register(
      storedFilesSweepJob({
        db,
        // The store STORAGE names, as the upload pipeline's (server/start.ts): the same disk folder or bucket.
        storage: createStorage(env),
        graceHours: env.UPLOAD_CLAIM_GRACE_HOURS,
        onRemoved: (keys) => log.info({ count: keys.length }, 'removed uploads no feature claimed within the grace period'),
      }),
    );
  },
};
