import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap.ts';
import './overlay.css';
import './dialog.css';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  /** While what the answer would do is still loading, or when it cannot be done. */
  confirmDisabled?: boolean;
  onConfirm(): void;
  /** Escape and the backdrop count as cancel; without a cancel label the dialog is a notice. */
  onCancel(): void;
};

/** A modal question with one or two answers; focus trapped, Escape cancels (docs/architecture.md#web). */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, tone = 'default', confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, open, onCancel);
  if (!open) return null;
  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-backdrop" onClick={onCancel} aria-hidden="true" />
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {message ? (
          <div id={messageId} className="dialog__message">
            {message}
          </div>
        ) : null}
        <div className="dialog__actions">
          {cancelLabel ? (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {cancelLabel}
            </button>
          ) : null}
          <button type="button" className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
