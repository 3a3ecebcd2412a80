import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Spinner } from './primitives.tsx';
import { checkImageFile, cropToThumbnail, type ImageCheck, type PixelArea } from './thumbnail-image.ts';
import './thumbnail-picker.css';

const ThumbnailCropper = lazy(() => import('./thumbnail-cropper.tsx'));

export type ThumbnailProblem = Extract<ImageCheck, { ok: false }>['problem'] | 'unreadable';

/** The form's own words; `problemText` says why a picture was refused, `failureText` why `onCropped` failed. */
export type ThumbnailPickerTexts = {
  rule: string;
  current: string;
  choose: string;
  replace: string;
  loadingCropper: string;
  zoom: string;
  useCrop: string;
  problemText(problem: ThumbnailProblem): string;
  failureText?(error: unknown): string;
};

/** An object URL for a blob, revoked when it changes; a string is already a URL. */
function usePreviewUrl(current: Blob | string | null): string | null {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const blob = current instanceof Blob ? current : null;
  useEffect(() => {
    if (!blob) return setBlobUrl(null);
    const url = URL.createObjectURL(blob);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return typeof current === 'string' ? current : blobUrl;
}

/**
 * A 4 : 3 thumbnail (docs/product.md#creation): the current picture (`current`, a URL or the blob
 * chosen so far), the button to choose one, checked for type and size before it is read, then the
 * crop. The cropped JPEG goes to `onCropped`; the cropper closes once that resolves and stays open,
 * saying `failureText`, when it throws. `busy` (with `busyLabel`) while the caller sends it.
 * `layout`: a whole step of a flow (the rule as its lead) or one field of a form (the rule as its label).
 */
export function ThumbnailPicker({
  current,
  onCropped,
  texts,
  layout,
  busy = false,
  busyLabel,
}: {
  current: Blob | string | null;
  onCropped(image: Blob): Promise<unknown> | void;
  texts: ThumbnailPickerTexts;
  layout: 'step' | 'field';
  busy?: boolean;
  busyLabel?: string;
}) {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const previewUrl = usePreviewUrl(current);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const check = await checkImageFile(file);
    if (!check.ok) {
      setPicked(null);
      setProblem(texts.problemText(check.problem));
      return;
    }
    setPicked({ file, url: URL.createObjectURL(file) });
  };
  const crop = async (area: PixelArea) => {
    if (!picked) return;
    let image: Blob;
    try {
      image = await cropToThumbnail(picked.file, area);
    } catch {
      setProblem(texts.problemText('unreadable'));
      return;
    }
    try {
      await onCropped(image);
      setPicked(null);
    } catch (error) {
      if (texts.failureText) setProblem(texts.failureText(error));
    }
  };
  return (
    <div className={layout === 'step' ? 'stack' : 'stack thumbnail-picker--field'}>
      <p className={layout === 'step' ? 'muted' : 'field-label'}>{texts.rule}</p>
      {previewUrl && !picked ? <img className="thumbnail-preview" src={previewUrl} alt={texts.current} /> : null}
      <label htmlFor={inputId} className="button button--secondary button--block file-button">
        {current ? texts.replace : texts.choose}
        <input id={inputId} type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void choose(event.target.files?.[0])} />
      </label>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {picked ? (
        <Suspense fallback={<Spinner label={texts.loadingCropper} />}>
          <ThumbnailCropper imageUrl={picked.url} busy={busy} texts={{ zoom: texts.zoom, useCrop: texts.useCrop }} onCrop={(area) => void crop(area)} />
        </Suspense>
      ) : null}
      {busy && busyLabel ? <Spinner label={busyLabel} /> : null}
    </div>
  );
}
