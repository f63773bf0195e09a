// A TCP proxy of the test's own in front of a shared server (Redis, PostgreSQL), so an outage test can take the
// server away from one app without stopping it for everyone else:
//   forward    (after start() and restore()): bytes go both ways;
//   cut()      every live connection is reset and every new one is accepted and reset at once (the server is gone);
//   blackhole() connections stay open and new ones are accepted, but nothing is forwarded either way (a network
//              partition: the client's writes succeed and no answer ever comes);
//   restore()  forwards again; connections opened or kept during a blackhole are reset first (bytes were lost).
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'cut' | 'blackhole';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1), after start(). */
  readonly port: number;
  readonly mode: ProxyMode;
  start(): Promise<void>;
  cut(): void;
  blackhole(): void;
  restore(): void;
  /** Live client connections (for a test that waits for a client to reconnect). */
  readonly connections: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
}

export function createTcpProxy(target: { host: string; port: number }): TcpProxy {
  let mode: ProxyMode = 'forward';
  let server: Server | null = null;
  let port = 0;
  const pairs = new Set<Pair>();

  const reset = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream?.destroy();
  };

  const accept = (client: Socket) => {
    client.on('error', () => undefined);
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on('close', () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    // A connection accepted during a blackhole never reaches the server.
    if (mode === 'blackhole') return;
    const upstream = connect({ host: target.host, port: target.port });
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => {
      if (pairs.has(pair)) reset(pair);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'forward' && !client.destroyed) client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (mode === 'forward' && !upstream.destroyed) upstream.write(chunk);
    });
  };

  return {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    get connections() {
      return pairs.size;
    },
    async start() {
      server = createServer(accept);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(0, '127.0.0.1', () => resolve());
      });
      port = (server.address() as { port: number }).port;
    },
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) reset(pair);
    },
    blackhole() {
      mode = 'blackhole';
    },
    restore() {
      if (mode === 'blackhole') for (const pair of [...pairs]) reset(pair);
      mode = 'forward';
    },
    async close() {
      for (const pair of [...pairs]) reset(pair);
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
    },
  };
}
