import { describe, expect, it } from 'vitest';
import { signedAmount } from './points-display.ts';

describe('signed amounts', () => {
  it('marks credits and debits', () => {
    expect(signedAmount(500, '500')).toBe('+500');
    expect(signedAmount(-1300, '1,300')).toBe('\u22121,300');
    expect(signedAmount(0, '0')).toBe('0');
  });
});
