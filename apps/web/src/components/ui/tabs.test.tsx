import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

/**
 * The strip of My projects at 375 px: six tabs of 90 px in a 335 px strip. jsdom lays nothing out,
 * so every tab gets its box from its place in the row, shifted by the strip's scroll.
 */
function layOutRow(tabWidth: number, stripWidth: number) {
  const boxes = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const strip = this.closest('[role="tablist"]') as HTMLElement | null;
    if (this.getAttribute('role') === 'tablist') return DOMRect.fromRect({ x: 20, y: 0, width: stripWidth, height: 44 });
    const index = strip ? [...strip.children].indexOf(this) : 0;
    return DOMRect.fromRect({ x: 20 + index * tabWidth - (strip?.scrollLeft ?? 0), y: 0, width: tabWidth, height: 44 });
  });
  const row = (element: HTMLElement) => element.getAttribute('role') === 'tablist';
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return row(this) ? stripWidth : tabWidth;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return row(this) ? this.children.length * tabWidth : tabWidth;
  });
  return boxes;
}

describe('tab strip: the selected tab in view', () => {
  const myProjects = ['all', 'participate', 'open', 'event', 'like', 'request'].map((value) => ({ value, label: value }));

  it('scrolls a tab selected past the edge into view on first paint', () => {
    layOutRow(90, 335);
    render(<Tabs label="My projects" idPrefix="t" items={myProjects} value="request" onChange={() => {}} />);
    const strip = screen.getByRole('tablist');
    // "request" spans 450–540 of a 540 px row: the strip scrolls to its end (540 − 335).
    expect(strip.scrollLeft).toBe(205);
  });

  it('scrolls when the selection moves to a tab out of view, and leaves a tab in view alone', () => {
    layOutRow(90, 335);
    const { rerender } = render(<Tabs label="My projects" idPrefix="t" items={myProjects} value="all" onChange={() => {}} />);
    const strip = screen.getByRole('tablist');
    rerender(<Tabs label="My projects" idPrefix="t" items={myProjects} value="participate" onChange={() => {}} />);
    expect(strip.scrollLeft).toBe(0);
    rerender(<Tabs label="My projects" idPrefix="t" items={myProjects} value="event" onChange={() => {}} />);
    // "event" spans 270–360, under the fade at the right edge: centred, 270 − (335 − 90) / 2.
    expect(strip.scrollLeft).toBe(147.5);
    rerender(<Tabs label="My projects" idPrefix="t" items={myProjects} value="all" onChange={() => {}} />);
    expect(strip.scrollLeft).toBe(0);
  });

  it('measures nothing when the strip opens on its first tab', () => {
    const boxes = layOutRow(90, 335);
    render(<Tabs label="My projects" idPrefix="t" items={myProjects} value="all" onChange={() => {}} />);
    expect(screen.getByRole('tablist').scrollLeft).toBe(0);
    expect(boxes).not.toHaveBeenCalled();
  });
});
