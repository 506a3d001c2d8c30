/**
 * Real processes for the start-up tests: `node --import tsx <script>` with an explicit environment (nothing
 * inherited from the test runner but PATH and HOME), its output collected, its exit awaited.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (signals count as 128 + n, never 0). */
  exited: Promise<number>;
  /** Resolves with the address from the start-up banner ("listening on http://…"), rejects if it exits first. */
  ready(timeoutMs?: number): Promise<string>;
  stop(): Promise<number>;
}

const SIGNALS: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

export function runNode(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  stdin?: string,
): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: process.cwd(),
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: process.env['HOME'] ?? '/tmp',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  if (stdin !== undefined) child.stdin!.end(stdin);
  else child.stdin!.end();
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? 128 + (SIGNALS[signal ?? ''] ?? 1))),
  );
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    output: () => out,
    exited,
    ready(timeoutMs = 90_000) {
      return new Promise<string>((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          const match = /listening on (http:\/\/[^\s,)]+)/.exec(out);
          if (match) {
            clearInterval(timer);
            resolve(match[1]!);
          } else if (done || Date.now() - started > timeoutMs) {
            clearInterval(timer);
            reject(new Error(`${script} did not start (${done ? 'exited' : 'timed out'}):\n${out}`));
          }
        }, 50);
      });
    },
    async stop() {
      if (!done) child.kill('SIGTERM');
      const timer = setTimeout(() => !done && child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a command to its end: exit code and everything it printed. */
export async function runToEnd(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  stdin?: string,
): Promise<{ code: number; output: string }> {
  const proc = runNode(script, env, args, stdin);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 120_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, output: proc.output() };
}
