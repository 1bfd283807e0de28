import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * The child server processes of the kill -9 tests (outbox, plan settlement, bet settlement): a
 * script under server/test-support run with tsx, watched until it prints a line starting with a
 * prefix, then killed with SIGKILL — no handler runs, no transaction commits, connections drop.
 */
export interface CrashChild {
  child: ChildProcessWithoutNullStreams;
  /** the first output line starting with the prefix; rejects if the child exits first */
  reached: Promise<string>;
  exited: Promise<number | null>;
}

export function startCrashChild(script: string, args: readonly string[], env: Record<string, string>, prefix: string): CrashChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const reached = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line !== undefined) resolve(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`child (${args.join(' ')}) exited with ${code} before "${prefix}":\n${output}`)));
  });
  return { child, reached, exited };
}

/** kill -9, and wait until the process is gone. */
export async function killHard(child: CrashChild): Promise<void> {
  child.child.kill('SIGKILL');
  await child.exited;
}
