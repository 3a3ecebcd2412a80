/**
 * The join has no queries of its own (the auth check says where an account stands); its two
 * writes carry these keys, so a screen can ask whether a join step is under way.
 */
export const joinQueryKeys = {
  all: ['join'] as const,
  agreements: ['join', 'agreements'] as const,
  complete: ['join', 'complete'] as const,
};
