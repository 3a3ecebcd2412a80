import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './primitives.tsx';

const items = ['following', 'ranking', 'nowFunding', 'films', 'awarded'].map((value) => ({ value, label: value }));

/** jsdom lays nothing out: give the strip the sizes a 375 px screen gives it. */
function layOut(strip: HTMLElement, { clientWidth, scrollWidth }: { clientWidth: number; scrollWidth: number }) {
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(strip, 'scrollWidth', { configurable: true, value: scrollWidth });
}

describe('tab strip', () => {
  it('a strip wider than the screen says there is more after it, then before it once scrolled to the end', () => {
    render(<Tabs label="Sections" idPrefix="t" items={items} value="following" onChange={() => {}} />);
    const strip = screen.getByRole('tablist');
    layOut(strip, { clientWidth: 335, scrollWidth: 520 });
    fireEvent.scroll(strip);
    expect(strip).toHaveAttribute('data-more-after', 'true');
    expect(strip).toHaveAttribute('data-more-before', 'false');
    strip.scrollLeft = 185;
    fireEvent.scroll(strip);
    expect(strip).toHaveAttribute('data-more-after', 'false');
    expect(strip).toHaveAttribute('data-more-before', 'true');
  });

  it('a strip that fits shows no hint', () => {
    render(<Tabs label="Sections" idPrefix="t" items={items.slice(0, 2)} value="following" onChange={() => {}} />);
    const strip = screen.getByRole('tablist');
    layOut(strip, { clientWidth: 335, scrollWidth: 335 });
    fireEvent.scroll(strip);
    expect(strip).toHaveAttribute('data-more-after', 'false');
    expect(strip).toHaveAttribute('data-more-before', 'false');
  });
});
