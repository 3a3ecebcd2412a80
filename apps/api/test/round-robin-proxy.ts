import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  /** http://127.0.0.1:<port>, known before the targets are (their PUBLIC_URL names it). */
  url: string;
  /** The API processes to spread requests over, in turn (each starts as healthy). */
  setTargets(targets: string[]): void;
  /** Which target answered each request, in order: [path, target address]. */
  served: [string, string][];
  /** Requests sent again to another target after a connection failure: [path, failed target, error]. */
  retried: [string, string, string][];
  close(): Promise<void>;
};

export type ProxyOptions = {
  /** The readiness route (deploy/Caddyfile's health_uri) is probed on every target this often; a target answering anything but 2xx gets no new requests. Off when 0. */
  healthIntervalMs?: number;
  /** How long a request may keep being retried on other targets after connection failures (Caddy's lb_try_duration). */
  tryDurationMs?: number;
};

/** Headers of one connection (RFC 9110 §7.6.1), never passed on by a proxy: each hop has its own. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** Raw headers ([name, value, …]) without the hop-by-hop ones and those the Connection header names. */
function endToEnd(raw: string[]): string[] {
  const named = new Set<string>();
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.toLowerCase() === 'connection') for (const token of raw[index + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!.toLowerCase();
    if (!hopByHop.has(name) && !named.has(name)) kept.push(raw[index]!, raw[index + 1]!);
  }
  return kept;
}

/**
 * A small load balancer on loopback for tests of several API processes, behaving as
 * deploy/Caddyfile configures Caddy 2.11, which cannot run here (Debian has 2.6, without the
 * retried bodies it relies on; decision 099): each request goes to the next healthy target in turn
 * (Caddy's least_conn there; in turn here, so a test knows which process gets the next request), with the
 * Host header and body untouched and no sticky sessions. Health is an active probe of the readiness
 * route (a draining process answers 503 and gets no new requests); hop-by-hop headers (Connection,
 * Keep-Alive, …) are not passed on, in either direction. A request whose connection failed
 * before an answer is retried on another target: always when the connection could not be opened, and
 * otherwise only when the request is safe to repeat (a GET, or a write with an Idempotency-Key, which
 * applies once however often it arrives). Answers, 5xx included, are passed through as they are.
 */
export async function startRoundRobinProxy({ healthIntervalMs = 0, tryDurationMs = 5000 }: ProxyOptions = {}): Promise<RoundRobinProxy> {
  type Target = { url: URL; address: string; healthy: boolean };
  let targets: Target[] = [];
  let next = 0;
  let closed = false;
  const served: [string, string][] = [];
  const retried: [string, string, string][] = [];
  const agent = new http.Agent({ keepAlive: true });

  const pick = (avoid: Set<Target>): Target | undefined => {
    const healthy = targets.filter((target) => target.healthy);
    const candidates = healthy.filter((target) => !avoid.has(target));
    const pool = candidates.length > 0 ? candidates : healthy;
    if (pool.length === 0) return undefined;
    return pool[next++ % pool.length];
  };

  type Attempt = { answer: http.IncomingMessage } | { error: NodeJS.ErrnoException; connected: boolean };
  const forward = (target: Target, request: http.IncomingMessage, body: Buffer) =>
    new Promise<Attempt>((resolve) => {
      let connected = false;
      const upstream = http.request(
        { agent, host: target.url.hostname, port: target.url.port, method: request.method, path: request.url, headers: endToEnd(request.rawHeaders) },
        (answer) => resolve({ answer }),
      );
      upstream.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => resolve({ error, connected }));
      upstream.end(body);
    });

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = request.url ?? '/';
    const repeatable = request.method === 'GET' || request.headers['idempotency-key'] !== undefined;
    const deadline = performance.now() + tryDurationMs;
    const failed = new Set<Target>();
    for (;;) {
      const target = pick(failed);
      if (!target) {
        if (performance.now() < deadline && !closed) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        response.writeHead(503).end();
        return;
      }
      const attempt = await forward(target, request, body);
      if ('answer' in attempt) {
        served.push([path, target.address]);
        // Hop-by-hop headers stay on their hop, as in Caddy: a process's Keep-Alive (Fastify's 72 s)
        // must not tell the client to keep its connection to the proxy longer than the proxy does,
        // and a draining process's Connection: close is about the proxy's connection to it.
        response.writeHead(attempt.answer.statusCode ?? 502, endToEnd(attempt.answer.rawHeaders));
        attempt.answer.pipe(response);
        return;
      }
      const mayRetry = !attempt.connected || repeatable;
      if (!mayRetry || performance.now() >= deadline || closed) {
        response.writeHead(502).end();
        return;
      }
      retried.push([path, target.address, attempt.error.code ?? attempt.error.message]);
      failed.add(target);
      // A target that refused a connection is gone until its probe says otherwise.
      if (attempt.error.code === 'ECONNREFUSED') target.healthy = false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const server = http.createServer((request, response) => void handle(request, response));

  const probe = async () => {
    await Promise.all(
      targets.map(async (target) => {
        try {
          const answer = await fetch(new URL('/api/health/ready', target.url), { signal: AbortSignal.timeout(1000) });
          await answer.arrayBuffer();
          target.healthy = answer.ok;
        } catch {
          target.healthy = false;
        }
      }),
    );
  };
  const timer = healthIntervalMs > 0 ? setInterval(() => void probe(), healthIntervalMs) : undefined;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets(addresses) {
      const known = new Map(targets.map((target) => [target.address, target]));
      targets = addresses.map((address) => known.get(address) ?? { url: new URL(address), address, healthy: true });
    },
    served,
    retried,
    close: async () => {
      closed = true;
      clearInterval(timer);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
