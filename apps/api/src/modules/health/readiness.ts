/**
 * Whether this process takes new work (decision 084). Shutdown drains it first: the readiness route
 * then answers 503 so a load balancer stops sending, while requests already on their way are still
 * served, each response closing its connection so the client's next request opens one elsewhere.
 */
export function createReadiness() {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
