import { describe, expect, it } from 'vitest';
import { koreanObjectParticle } from './korean-particle.ts';

describe('the Korean object particle', () => {
  it('is 을 after a final consonant and 를 after a vowel', () => {
    expect(koreanObjectParticle('생일 응원')).toBe('을');
    expect(koreanObjectParticle('데뷔 기념 이벤트 ')).toBe('를');
    expect(koreanObjectParticle('지민')).toBe('을');
    expect(koreanObjectParticle('하루')).toBe('를');
  });

  it('keeps both forms when the last letter is not Hangul', () => {
    expect(koreanObjectParticle('BTS')).toBe('을(를)');
    expect(koreanObjectParticle('2026')).toBe('을(를)');
  });
});
