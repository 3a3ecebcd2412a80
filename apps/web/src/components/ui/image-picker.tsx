import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { Button } from './primitives.tsx';
import './image-picker.css';

/** The image types the API accepts as photos (it sniffs the bytes again: docs/quality.md#s6). */
export const acceptedImageTypes = 'image/jpeg,image/png,image/webp,image/gif';

/** Object URLs previewing `files`, revoked when the files change or the component goes. */
export function useObjectUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * The form's own words: `choose` is the button (and names the file input), `list` names the
 * previews, `altOf` and `removeLabelOf` take the photo's number, from 1.
 */
export type ImagePickerTexts = { choose: string; list: string; altOf(number: number): string; removeLabelOf?(number: number): string };

/**
 * The photos a form sends with it, before it is sent: a grid of previews (`columns` of them,
 * square or 4 : 3), each with its remove button when the form takes `onRemove` (and
 * `removeLabelOf`); the unseen file input and the button that opens it. The form keeps the files
 * and decides what a choice does (`onChoose`: add them, refuse them, or replace what it had).
 * `beside` shares the button's row (a counter).
 */
export function ImagePicker({
  files,
  onChoose,
  onRemove,
  texts,
  columns,
  shape = 'square',
  accept = acceptedImageTypes,
  disabled = false,
  chooseDisabled = false,
  block = false,
  testId,
  beside,
}: {
  files: File[];
  onChoose(chosen: File[]): void;
  onRemove?(index: number): void;
  texts: ImagePickerTexts;
  columns: number;
  shape?: 'square' | 'landscape';
  accept?: string;
  disabled?: boolean;
  chooseDisabled?: boolean;
  block?: boolean;
  testId?: string;
  beside?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const previews = useObjectUrls(files);
  const button = (
    <Button type="button" variant="secondary" block={block} disabled={disabled || chooseDisabled} onClick={() => input.current?.click()}>
      {texts.choose}
    </Button>
  );
  return (
    <>
      {files.length > 0 ? (
        <ul className={`chosen-images chosen-images--${shape}`} style={{ '--chosen-images-columns': columns } as CSSProperties} aria-label={texts.list}>
          {previews.map((url, index) => (
            <li key={url} className="chosen-images__item">
              <img src={url} alt={texts.altOf(index + 1)} />
              {onRemove && texts.removeLabelOf ? (
                <button type="button" className="chosen-images__remove" aria-label={texts.removeLabelOf(index + 1)} disabled={disabled} onClick={() => onRemove(index)}>
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple
        hidden
        aria-label={texts.choose}
        data-testid={testId}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          onChoose(chosen);
        }}
      />
      {beside ? (
        <div className="row-between">
          {button}
          {beside}
        </div>
      ) : (
        button
      )}
    </>
  );
}
