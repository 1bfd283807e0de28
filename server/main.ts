import { DatabaseInUseError } from './db/pglite-lock';
import { loadEnv, type Env } from './env';
import { MODULES } from './modules/index';
import { startTribun, type RunningTribun } from './start';

/**
 * Signals that ask for a stop. One request to stop may bring two: `kill -TERM -- -PGID`
 * (systemd, a terminal's Ctrl-C) reaches npm and the server alike, and npm forwards its copy.
 * So a signal within a second of the last one counted is that copy and is not counted; the
 * first request starts the clean stop, a second is noted and changes nothing, and only a third
 * cuts the stop short — after saying so (decision 108).
 */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const SIGNALS_BEFORE_FORCED_EXIT = 3;
const SAME_REQUEST_WITHIN_MS = 1000;

/** `npm start`: read the environment (failing fast on bad values), start, stop on a signal. */
async function main(env: Env): Promise<void> {
  // Set once the server has started; read by the signal handler, which listens from before.
  const started: { tribun?: RunningTribun } = {};
  let firstSignal: NodeJS.Signals | undefined;
  let received = 0;

  const stopCleanly = (running: RunningTribun, signal: NodeJS.Signals) => {
    running.app.log.info({ signal }, 'shutting down');
    running.stop().then(
      () => {
        running.app.log.info({ signal }, 'stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        running.app.log.error({ err: error }, 'Tribün did not stop cleanly');
        process.exit(1);
      },
    );
  };
  const say = (level: 'info' | 'warn', signal: NodeJS.Signals, message: string) => {
    if (started.tribun) started.tribun.app.log[level]({ signal }, message);
    else console.error(`${message} (${signal})`);
  };

  // Listening from the start: a signal while the server starts stops it once it has started
  // (it holds the database lock by then), instead of killing it half-way.
  let lastCountedAt = -Infinity;
  const onSignal = (signal: NodeJS.Signals) => {
    const now = performance.now();
    if (now - lastCountedAt < SAME_REQUEST_WITHIN_MS) return;
    lastCountedAt = now;
    received += 1;
    if (received === 1) {
      firstSignal = signal;
      if (started.tribun) stopCleanly(started.tribun, signal);
      else say('info', signal, 'stopping as soon as the server has started');
      return;
    }
    if (received < SIGNALS_BEFORE_FORCED_EXIT) {
      say('info', signal, 'still stopping cleanly; one more signal stops at once, without a clean stop');
      return;
    }
    say('warn', signal, 'stopping at once, without a clean stop: the embedded database may keep its lock file');
    process.exit(1);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  started.tribun = await startTribun(env);
  if (firstSignal) stopCleanly(started.tribun, firstSignal);
}

let env: Env;
try {
  // The server's variables and every feature's own (server/modules/index.ts), checked together.
  env = loadEnv(MODULES.flatMap((module) => (module.settings ? [module.settings] : [])));
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
