import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultToastDurationMs, showToast, ToastViewport, useToastStore } from './toast.tsx';

describe('toasts (docs/product.md#shell)', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('does not add a toast whose message is already shown', () => {
    render(<ToastViewport closeLabel="Close" />);
    act(() => {
      showToast({ message: 'Saved.' });
      showToast({ message: 'Saved.', type: 'tertiaryOverlay' });
      showToast({ message: 'Another.' });
    });
    expect(screen.getAllByText('Saved.')).toHaveLength(1);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(['Saved.', 'Another.']);
  });

  it('closes itself after 3000 ms by default, or after its own duration', () => {
    vi.useFakeTimers();
    expect(defaultToastDurationMs).toBe(3000);
    render(<ToastViewport closeLabel="Close" />);
    act(() => {
      showToast({ message: 'Default' });
      showToast({ message: 'Longer', duration: 5000 });
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('Default')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Default')).toBeNull();
    expect(screen.getByText('Longer')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Longer')).toBeNull();
  });

  it('stays until closed when manualClose is set, and each has a close button', () => {
    vi.useFakeTimers();
    render(<ToastViewport closeLabel="Close" />);
    act(() => showToast({ message: 'Read me', manualClose: true }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Read me')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('defaults to the tertiary type, lower on screen, and honours center and tertiaryOverlay', () => {
    render(<ToastViewport closeLabel="Close" />);
    act(() => {
      showToast({ message: 'Low' });
      showToast({ message: 'Middle', position: 'center', type: 'tertiaryOverlay' });
    });
    expect(screen.getByText('Low').closest('.toast-stack')!.className).toContain('toast-stack--default');
    expect(screen.getByText('Low').closest('.toast')!.className).toContain('toast--tertiary');
    expect(screen.getByText('Middle').closest('.toast-stack')!.className).toContain('toast-stack--center');
    expect(screen.getByText('Middle').closest('.toast')!.className).toContain('toast--tertiaryOverlay');
  });
});
