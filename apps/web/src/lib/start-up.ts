/**
 * Helpers that cut the app's start-up into short tasks (docs/quality.md#speed-web: TBT;
 * docs/decisions/044-web-main-thread-at-start.md): between two steps the browser may paint, take
 * input or run its own work, so no single task keeps the main thread long.
 */

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a new task: `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), a zero timeout elsewhere. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` once the browser is idle (within `timeoutMs` at the latest); a browser without idle callbacks runs it after a short timeout. */
export function afterIdle(work: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 50);
}
