import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  /** http://127.0.0.1:<port>, known before the targets are (their PUBLIC_URL names it). */
  url: string;
  /** The API processes to spread requests over, in turn. */
  setTargets(targets: string[]): void;
  /** Which target answered each request, in order: [path, target index]. */
  served: [string, number][];
  close(): Promise<void>;
};

/**
 * A small load balancer on loopback for tests of several API processes: each request goes to the
 * next target in turn, with the Host header and body untouched, as a production balancer without
 * sticky sessions would send it.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let targets: URL[] = [];
  let next = 0;
  const served: [string, number][] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    if (targets.length === 0) {
      response.writeHead(503).end();
      return;
    }
    const index = next++ % targets.length;
    const target = targets[index]!;
    served.push([request.url ?? '/', index]);
    const upstream = http.request(
      { agent, host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets(addresses) {
      targets = addresses.map((address) => new URL(address));
    },
    served,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
