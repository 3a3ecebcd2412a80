import type { Language } from '@orchard/shared';

/** Every support query lives under `['support']` (docs/product.md#faq, docs/product.md#inquiries). */
export const supportQueryKeys = {
  all: ['support'] as const,
  faq: (language: Language) => ['support', 'faq', language] as const,
  mine: ['support', 'inquiries', 'mine'] as const,
  inbox: (status: 'open' | 'answered') => ['support', 'inbox', status] as const,
  operatorFaq: ['support', 'operator-faq'] as const,
};
