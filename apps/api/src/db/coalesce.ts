/**
 * Identical reads that arrive while one runs wait and share the next (decision 057): under load a
 * hot public page costs one statement per round instead of one per request. The shared read
 * starts after every one of its callers arrived, so each sees every write that finished before it
 * asked, as a read of its own would; nothing is kept once a round has answered. A failed read
 * (a rejection, or a throw before the read returns its promise) fails the callers of that round only.
 */
export function coalesceReads<Result>(read: (key: string) => Promise<Result>): (key: string) => Promise<Result> {
  const running = new Set<string>();
  /** Per key, the round that starts when the running read ends, with its callers waiting on it. */
  const waiting = new Map<string, { answer: Promise<Result>; start(): void }>();

  function launch(key: string): Promise<Result> {
    running.add(key);
    // A read that throws before it returns its promise fails its round like a rejection: the key
    // is released and the next callers read again, instead of waiting on a round that never ends.
    const answer = new Promise<Result>((resolve) => resolve(read(key)));
    const startNext = () => {
      running.delete(key);
      const next = waiting.get(key);
      if (next) {
        waiting.delete(key);
        next.start();
      }
    };
    answer.then(startNext, startNext);
    return answer;
  }

  return (key: string) => {
    if (!running.has(key)) return launch(key);
    let next = waiting.get(key);
    if (!next) {
      let start = () => {};
      const answer = new Promise<Result>((resolve, reject) => {
        start = () => {
          launch(key).then(resolve, reject);
        };
      });
      next = { answer, start: () => start() };
      waiting.set(key, next);
    }
    return next.answer;
  };
}
