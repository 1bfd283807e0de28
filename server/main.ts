import { DatabaseInUseError } from './db/pglite-lock';
import { loadEnv, type Env } from './env';
import { startTribun } from './start';

/** `npm start`: read the environment (failing fast on bad values), start, stop on a signal. */
async function main(env: Env): Promise<void> {
  const tribun = await startTribun(env);
  const shutdown = (signal: string) => {
    tribun.app.log.info({ signal }, 'shutting down');
    tribun.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Tribün did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
main(env).catch((error: unknown) => {
  // A held data directory is an operator's situation, not a bug: the message says what to do.
  if (error instanceof DatabaseInUseError) console.error(`Tribün failed to start: ${error.message}`);
  else console.error('Tribün failed to start:', error);
  process.exit(1);
});
