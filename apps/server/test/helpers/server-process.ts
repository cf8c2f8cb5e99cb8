import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** SIGKILL: the process dies at once, mid-statement, holding whatever it held. */
  kill9(): Promise<void>;
  /** SIGTERM: a graceful stop (running jobs end first). */
  stop(): Promise<void>;
}

/**
 * Starts test/helpers/worker-main.ts as a process of its own on `databaseUrl` (PostgreSQL only: the
 * embedded database belongs to one process) and resolves once it listens.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'worker-main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const ready = /ready (\d+)/.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    child.once('exit', (code) => reject(new Error(`server process exited (${code}) before it was ready: ${errors.slice(-2000)}`)));
  });
  return {
    child,
    port,
    async kill9() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
