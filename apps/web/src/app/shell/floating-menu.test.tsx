import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FloatingMenu } from './floating-menu.tsx';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function renderMenu() {
  render(
    <MemoryRouter>
      <FloatingMenu />
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: 'Open the create menu' });
  return { button, menu: () => button.parentElement! };
}

describe('the floating + steps aside while the page scrolls down (issue 32 item 15)', () => {
  afterEach(() => scrollTo(0));

  it('hides scrolling down, comes back scrolling up and near the top', () => {
    const { menu } = renderMenu();
    expect(menu()).not.toHaveClass('floating-menu--hidden');
    scrollTo(300);
    expect(menu()).toHaveClass('floating-menu--hidden');
    scrollTo(302);
    expect(menu()).toHaveClass('floating-menu--hidden');
    scrollTo(200);
    expect(menu()).not.toHaveClass('floating-menu--hidden');
    scrollTo(600);
    expect(menu()).toHaveClass('floating-menu--hidden');
    scrollTo(20);
    expect(menu()).not.toHaveClass('floating-menu--hidden');
  });

  it('stays while its menu is open, and when a keyboard user tabs to it', () => {
    const { button, menu } = renderMenu();
    fireEvent.click(button);
    scrollTo(400);
    expect(menu()).not.toHaveClass('floating-menu--hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close the create menu' }));
    fireEvent.blur(screen.getByRole('button'));
    scrollTo(800);
    expect(menu()).toHaveClass('floating-menu--hidden');
    fireEvent.focus(screen.getByRole('button'));
    expect(menu()).not.toHaveClass('floating-menu--hidden');
  });
});
