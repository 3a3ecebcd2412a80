import { useEffect } from 'react';
import { create } from 'zustand';
import { CloseIcon } from './icons.tsx';
import './toast.css';

/** docs/product.md#shell: a toast closes itself after 3000 ms unless told otherwise. */
export const defaultToastDurationMs = 3000;

export type ToastType = 'tertiary' | 'tertiaryOverlay';
export type ToastPosition = 'center' | 'default';

export type ToastInput = {
  message: string;
  type?: ToastType;
  duration?: number;
  manualClose?: boolean;
  position?: ToastPosition;
};

export type Toast = Required<ToastInput> & { id: number };

type ToastStore = {
  toasts: Toast[];
  addToast(input: ToastInput): void;
  removeToast(id: number): void;
};

let nextToastId = 1;

export const useToastStore = create<ToastStore>()((set) => ({
  toasts: [],
  addToast: (input) =>
    set((state) => {
      // docs/product.md#shell: a toast whose message is already shown is not added again.
      if (state.toasts.some((toast) => toast.message === input.message)) return state;
      const toast: Toast = {
        id: nextToastId++,
        message: input.message,
        type: input.type ?? 'tertiary',
        duration: input.duration ?? defaultToastDurationMs,
        manualClose: input.manualClose ?? false,
        position: input.position ?? 'default',
      };
      return { toasts: [...state.toasts, toast] };
    }),
  removeToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function showToast(input: ToastInput) {
  useToastStore.getState().addToast(input);
}

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const removeToast = useToastStore((state) => state.removeToast);
  useEffect(() => {
    if (toast.manualClose) return;
    const timer = window.setTimeout(() => removeToast(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast, removeToast]);
  return (
    <div className={`toast toast--${toast.type}`} role="status">
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" onClick={() => removeToast(toast.id)} aria-label={closeLabel}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** Where toasts appear: centred on screen, or (the default) low on the screen above the tab bar. */
export function ToastViewport({ closeLabel }: { closeLabel: string }) {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <>
      {(['center', 'default'] as const).map((position) => (
        <div key={position} className={`toast-stack toast-stack--${position}`} aria-live="polite">
          {toasts
            .filter((toast) => toast.position === position)
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />
            ))}
        </div>
      ))}
    </>
  );
}
