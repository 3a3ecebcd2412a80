import { useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.tsx';
import { useBackCloses } from './use-back-closes.ts';
import { prefersReducedMotion, useFocusTrap } from './use-focus-trap.ts';
import './overlay.css';
import './bottom-sheet.css';

/** docs/product.md#shell: the handle zone is the top 40 px; a drag past 5 % of the sheet's height closes it. */
export const sheetHandleZoneHeightPx = 40;
export const sheetCloseThresholdRatio = 0.05;

export function shouldCloseSheet(dragDistancePx: number, sheetHeightPx: number): boolean {
  return dragDistancePx > sheetHeightPx * sheetCloseThresholdRatio;
}

type BottomSheetProps = {
  open: boolean;
  onClose(): void;
  title: string;
  closeLabel: string;
  children: ReactNode;
};

export function BottomSheet({ open, onClose, title, closeLabel, children }: BottomSheetProps) {
  const titleId = useId();
  const sheetRef = useRef<HTMLElement>(null);
  const dragStartY = useRef<number | null>(null);
  const [dragDistance, setDragDistance] = useState(0);
  const [isDragging, setIsDragging] = useState(false);
  useFocusTrap(sheetRef, open, onClose);
  const onLinkClick = useBackCloses(open, onClose);

  if (!open) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragStartY.current = event.clientY;
    setIsDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStartY.current === null) return;
    setDragDistance(Math.max(0, event.clientY - dragStartY.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStartY.current === null) return;
    const distance = Math.max(0, event.clientY - dragStartY.current);
    dragStartY.current = null;
    setIsDragging(false);
    const height = sheetRef.current?.getBoundingClientRect().height ?? 0;
    setDragDistance(0);
    if (shouldCloseSheet(distance, height)) onClose();
  };

  const animate = !prefersReducedMotion();
  return createPortal(
    <div className="sheet-layer">
      <div className="sheet-backdrop" onClick={onClose} aria-hidden="true" />
      <section
        ref={sheetRef}
        className={`sheet${animate ? ' sheet--animated' : ''}${isDragging ? ' sheet--dragging' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ transform: dragDistance > 0 ? `translateY(${dragDistance}px)` : undefined }}
        onClickCapture={onLinkClick}
      >
        <div
          className="sheet__handle-zone"
          data-testid="sheet-handle-zone"
          style={{ height: sheetHandleZoneHeightPx }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
          <span className="sheet__handle" aria-hidden="true" />
        </div>
        <header className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </header>
        <div className="sheet__body">{children}</div>
      </section>
    </div>,
    document.body,
  );
}
