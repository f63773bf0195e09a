// For tests/cluster and npm run bench:cluster (docs/operations.md "Several instances"): several real app processes
// (`node --import tsx src/server/main.ts`) on one PostgreSQL database of their own (and the shared Redis when
// REDIS_URL is set), the requests a client sends them, and a small round-robin proxy that does what a load balancer's health check does: it sends traffic only to instances whose /api/ready is 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, Agent, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The secrets every instance shares (tokens signed by one are verified by the others). */
export const CLUSTER_ENV = {
  TOKEN_SECRET: 'cluster-test-token-secret-0123456789abcdef',
  PERTURBATION_SECRET: 'cluster-test-perturbation-secret-0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_cluster_test_0123456789',
  DEMO_PASSWORD: 'cluster-demo-Password-2026!',
};

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let databases = 0;

/** Works on the PostgreSQL server of `adminUrl` through one connection as its user (creating and dropping databases). */
export async function onDatabaseServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server of `adminUrl` (`<prefix>_<pid>_<n>`, or `options.name`), or a copy of
 * `options.template` (which no session may be using); `drop()` removes it, whatever sessions it still has.
 */
export async function createDatabase(
  adminUrl: string,
  prefix = 'paybench_cluster',
  options: { name?: string; template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = options.name ?? `${prefix}_${process.pid}_${++databases}`;
  await onDatabaseServer(adminUrl, async (admin) => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"${options.template ? ` template "${options.template}"` : ''}`);
  });
  return {
    url: withDatabase(adminUrl, name),
    drop: () => onDatabaseServer(adminUrl, async (admin) => void (await admin.query(`drop database if exists "${name}" with (force)`))),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  /** The last lines the process wrote (shown when something fails). */
  output(): string;
  /** Starts the process (again, after a stop) on the same port; resolves once spawned. */
  start(): void;
  /** Resolves once GET /api/ready answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM, and resolves with the exit code once it exited. */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export function instance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `paybench-cluster-${name}-`));
  let lines: string[] = [];
  let exited: Promise<number | null> = Promise.resolve(null);
  const self: Instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    output: () => lines.slice(-40).join(''),
    start() {
      lines = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          WEB_DIR: path.join(dataDir, 'no-web'),
          ...CLUSTER_ENV,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        lines.push(chunk.toString());
        if (lines.length > 200) lines = lines.slice(-100);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      self.child = child;
    },
    async ready(timeoutMs = 180_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        if (self.child?.exitCode !== null && self.child?.exitCode !== undefined) throw new Error(`${name} exited (${self.child.exitCode}):\n${self.output()}`);
        const status = await fetch(`${self.url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > until) throw new Error(`${name} not ready within ${timeoutMs} ms (last status ${status}):\n${self.output()}`);
        await sleep(200);
      }
    },
    async stop() {
      const child = self.child;
      if (!child || child.exitCode !== null) return child?.exitCode ?? null;
      child.kill('SIGTERM');
      const code = await exited;
      self.child = null;
      return code;
    },
    async kill() {
      const child = self.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      self.child = null;
    },
  };
  process.once('exit', () => {
    self.child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return self;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cluster tests read each answer's JSON as they need it
  body: any;
  headers: Headers;
}

/** One API call to one instance, from `address` (X-Forwarded-For: the instances trust the proxy, TRUST_PROXY=1). */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; authorization?: string; cookie?: string; address?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.authorization) headers.authorization = options.authorization;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.address) headers['x-forwarded-for'] = options.address;
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** The value of a Set-Cookie named `name` as `name=value`, if set. */
export function cookieOf(answer: Answer, name: string): string | undefined {
  for (const line of answer.headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

export interface Proxy {
  url: string;
  /** Upstreams that answered 200 to /api/ready at the last check. */
  healthy(): string[];
  close(): Promise<void>;
}

/**
 * A round-robin HTTP proxy over `upstreams` that checks each one's /api/ready every `checkEveryMs` and sends
 * requests only to those answering 200 (503, a refused connection or no answer takes an upstream out). It
 * retries nothing: a request that fails upstream is answered 502, so a test counting failures sees every one.
 */
export async function startProxy(upstreams: string[], checkEveryMs = 100): Promise<Proxy> {
  const up = new Set<string>();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let stopped = false;
  const check = async (upstream: string) => {
    const status = await fetch(`${upstream}/api/ready`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) up.add(upstream);
    else up.delete(upstream);
  };
  const checking = (async () => {
    while (!stopped) {
      await Promise.all(upstreams.map(check));
      await sleep(checkEveryMs);
    }
  })();
  let next = 0;
  const server: Server = createServer((request, response) => {
    const choices = upstreams.filter((u) => up.has(u));
    if (choices.length === 0) {
      response.writeHead(503).end('no upstream');
      return;
    }
    const target = new URL(choices[next++ % choices.length]);
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end('upstream failed');
      else response.destroy();
    });
    request.pipe(forwarded);
  });
  // The clients' kept-alive connections to the proxy stay open as a load balancer's do: with Node's 5 s default a
  // busy machine could let a client reuse a connection the proxy was closing that instant ("fetch failed"), a failure
  // of this harness between client and proxy, not of the instances under test.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  await Promise.all(upstreams.map(check));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    healthy: () => [...up],
    async close() {
      stopped = true;
      await checking;
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Drives `clients` concurrent loops of `work` until `stop` resolves; returns each request's outcome. */
export async function load(
  clients: number,
  work: (client: number, n: number) => Promise<{ ok: boolean; detail: string }>,
  stop: Promise<unknown>,
): Promise<{ ok: number; failed: string[]; latenciesMs: number[] }> {
  let done = false;
  void stop.then(() => (done = true));
  const failed: string[] = [];
  const latenciesMs: number[] = [];
  let ok = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; !done; n++) {
        const started = performance.now();
        const outcome = await work(client, n).catch((error: Error) => ({ ok: false, detail: `${error.name}: ${error.message}` }));
        latenciesMs.push(performance.now() - started);
        if (outcome.ok) ok++;
        else failed.push(outcome.detail);
      }
    }),
  );
  return { ok, failed, latenciesMs };
}
