import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FanAvatar, hueOf } from './fan-avatar.tsx';

describe('FanAvatar', () => {
  it("shows a fan without a picture by their initial on a colour of their own, the same on every render", () => {
    const { container, rerender } = render(<FanAvatar name="하린" pictureUrl={null} />);
    const circle = container.querySelector('.fan-avatar')!;
    expect(circle.textContent).toBe('하');
    const colour = (circle as HTMLElement).style.backgroundColor;
    expect(colour).not.toBe('');
    rerender(<FanAvatar name="하린" pictureUrl={null} />);
    expect((container.querySelector('.fan-avatar') as HTMLElement).style.backgroundColor).toBe(colour);
    rerender(<FanAvatar name="mina" pictureUrl={null} />);
    expect(container.querySelector('.fan-avatar')!.textContent).toBe('M');
  });

  it('gives different fans different hues, shows a picture when there is one, and a deleted account a plain circle', () => {
    expect(new Set(['하린', 'mina', 'fan01', 'fan02', 'José'].map(hueOf)).size).toBe(5);
    const { container, rerender } = render(<FanAvatar name="mina" pictureUrl="/api/files/uploads/a.webp" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/api/files/uploads/a.webp');
    rerender(<FanAvatar name={null} pictureUrl={null} />);
    const empty = container.querySelector('.fan-avatar')!;
    expect(empty.textContent).toBe('');
    expect(empty.classList.contains('fan-avatar--empty')).toBe(true);
  });
});
