import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet, sheetHandleZoneHeightPx, shouldCloseSheet } from './bottom-sheet.tsx';

function renderSheet(onClose = vi.fn()) {
  render(
    <>
      <button type="button">outside</button>
      <BottomSheet open onClose={onClose} title="Language and currency" closeLabel="Close">
        <button type="button">first choice</button>
        <button type="button">last choice</button>
      </BottomSheet>
    </>,
  );
  return onClose;
}

function giveSheetHeight(height: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height, width: 390, top: 0, left: 0, right: 390, bottom: height, x: 0, y: 0, toJSON: () => ({}) });
}

function drag(distance: number) {
  const zone = screen.getByTestId('sheet-handle-zone');
  fireEvent.pointerDown(zone, { clientY: 100, pointerId: 1 });
  fireEvent.pointerMove(zone, { clientY: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(zone, { clientY: 100 + distance, pointerId: 1 });
}

describe('bottom sheet (docs/product.md#shell)', () => {
  it('closes only when dragged more than 5 % of its height', () => {
    expect(shouldCloseSheet(20, 400)).toBe(false);
    expect(shouldCloseSheet(20.5, 400)).toBe(true);
    expect(shouldCloseSheet(0, 0)).toBe(false);
  });

  it('springs back from a short drag and closes after a long one', () => {
    giveSheetHeight(400);
    const onClose = renderSheet();
    drag(20);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog').style.transform).toBe('');
    drag(21);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is dragged from a 40 px handle zone at the top', () => {
    expect(sheetHandleZoneHeightPx).toBe(40);
    renderSheet();
    expect(screen.getByTestId('sheet-handle-zone').style.height).toBe('40px');
  });

  it('follows the finger while dragging', () => {
    giveSheetHeight(400);
    renderSheet();
    const zone = screen.getByTestId('sheet-handle-zone');
    fireEvent.pointerDown(zone, { clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(zone, { clientY: 160, pointerId: 1 });
    expect(screen.getByRole('dialog').style.transform).toBe('translateY(60px)');
  });

  it('traps focus, closes on Escape and with its close button', async () => {
    const user = userEvent.setup();
    const onClose = renderSheet();
    const dialog = screen.getByRole('dialog', { name: 'Language and currency' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'last choice' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'last choice' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('returns focus to where it was when it closes', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            open sheet
          </button>
          <BottomSheet open={open} onClose={() => setOpen(false)} title="Sheet" closeLabel="Close">
            <p>content</p>
          </BottomSheet>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open sheet' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'open sheet' }));
  });

  it('does not animate when the user prefers reduced motion', () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }));
    renderSheet();
    Reflect.deleteProperty(window, 'matchMedia');
    expect(screen.getByRole('dialog').className).not.toContain('sheet--animated');
  });
});
