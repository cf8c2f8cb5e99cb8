/* global AbortSignal */
// Child processes for the benchmark: the real server, the bare Fastify baseline, and the
// bookkeeping that makes sure every child we start is stopped again.
import { spawn } from 'node:child_process';
import net from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Every child still running; killed on exit whatever happens. */
const live = new Set();

/** Last resort (crash, Ctrl-C): kill whatever is still running. Synchronous on purpose. */
export function killAllNow() {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

/** A loopback port that is free right now: the preferred one when possible, else one the OS picks. */
export async function freePort(preferred) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen({ port, host: LOOPBACK, exclusive: true }, () => {
        const { port: got } = srv.address();
        srv.close(() => resolve(got));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0));
}

/**
 * Spawns `node <script>` and keeps the last lines of its output (for error messages) and
 * every pino `msg` it logs (to find `ready in N ms`).
 */
export function startNode(script, { cwd, env, label }) {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...(env.BENCH_NODE_ARGS ? env.BENCH_NODE_ARGS.split(' ') : []), script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);

  const tail = [];
  const messages = [];
  const remember = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      try {
        const parsed = JSON.parse(line);
        if (typeof parsed.msg === 'string') messages.push(parsed.msg);
      } catch {
        messages.push(line);
      }
      if (messages.length > 200) messages.shift();
    }
  };
  child.stdout.on('data', remember);
  child.stderr.on('data', remember);

  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  exited.then(() => (hasExited = true));

  return {
    label,
    child,
    spawnedAt,
    exited,
    get hasExited() {
      return hasExited;
    },
    tail: () => tail.join('\n'),
    /** The figure from the server's own `ready in N ms` log line, or null. */
    readyMs() {
      for (const msg of messages) {
        const m = /ready in (\d+(?:\.\d+)?) ms/.exec(msg);
        if (m) return Number(m[1]);
      }
      return null;
    },
  };
}

/** SIGTERM, wait (bounded) for the exit, SIGKILL if it does not come. */
export async function stop(proc, { timeoutMs = 10_000 } = {}) {
  if (!proc || proc.hasExited) return;
  proc.child.kill('SIGTERM');
  const timedOut = await Promise.race([
    proc.exited.then(() => false),
    sleep(timeoutMs).then(() => true),
  ]);
  if (timedOut) {
    console.warn(`${proc.label}: no exit ${timeoutMs} ms after SIGTERM, sending SIGKILL`);
    proc.child.kill('SIGKILL');
    await Promise.race([proc.exited, sleep(5_000)]);
  }
}

/**
 * Polls `url` until it answers 200: every `intervalMs`, for at most `timeoutMs`.
 * Fails early when the process dies. Returns the time of the first 200 (performance.now()).
 */
export async function waitFor200(url, proc, { timeoutMs = 60_000, intervalMs = 20 } = {}) {
  const deadline = performance.now() + timeoutMs;
  const maxAttempts = Math.ceil(timeoutMs / intervalMs) + 1;
  let lastError = 'no answer yet';
  for (let attempt = 0; attempt < maxAttempts && performance.now() < deadline; attempt++) {
    if (proc?.hasExited) {
      throw new Error(`${proc.label} exited before ${url} answered 200. Last output:\n${proc.tail()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err.cause?.code ?? err.message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${lastError}).` +
    (proc ? ` Last output:\n${proc.tail()}` : ''));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of a server under a bench on PostgreSQL: its own port, the bench database, nothing of the caller's. */
export function postgresServerEnv(port, databaseUrl) {
  const env = { ...process.env, PORT: String(port), HOST: LOOPBACK, DATABASE_URL: databaseUrl, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  for (const name of ['DATA_DIR', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST', 'TRUST_PROXY']) delete env[name];
  return env;
}
