import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

export async function load(url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 10,
    headers: options.headers,
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
