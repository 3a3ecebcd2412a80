import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

/** Load on `url`; with `paths`, each request takes the next of them in turn (on `url`'s origin). */
export async function load(
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string>; paths?: string[] } = {},
): Promise<LoadResult> {
  const { paths } = options;
  let next = 0;
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 10,
    headers: options.headers,
    ...(paths ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length]! }) }] } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function ratio(value: number, baseline: number): string {
  return (value / baseline).toFixed(3);
}

/** The value at `rank` (0–1) of `values`, nearest rank; NaN for none. */
export function percentile(values: number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(rank * sorted.length))]!;
}
