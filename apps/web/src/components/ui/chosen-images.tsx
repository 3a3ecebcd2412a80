import { useEffect, useMemo, type CSSProperties } from 'react';
import './chosen-images.css';

/** The image types the API accepts as photos (it sniffs the bytes again: docs/quality.md#s6). */
export const acceptedImageTypes = 'image/jpeg,image/png,image/webp,image/gif';

/** Object URLs previewing `files`, revoked when the files change or the component goes. */
export function useObjectUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * The photos a fan has chosen for a form, before it is sent: a grid of previews, each with its
 * remove button. The texts are the form's own (`label` names the list; `altOf` and
 * `removeLabelOf` take the photo's number, from 1).
 */
export function ChosenImages({
  files,
  columns,
  label,
  altOf,
  removeLabelOf,
  disabled,
  onRemove,
}: {
  files: File[];
  columns: number;
  label: string;
  altOf: (number: number) => string;
  removeLabelOf: (number: number) => string;
  disabled: boolean;
  onRemove: (index: number) => void;
}) {
  const previews = useObjectUrls(files);
  if (files.length === 0) return null;
  return (
    <ul className="chosen-images" style={{ '--chosen-images-columns': columns } as CSSProperties} aria-label={label}>
      {previews.map((url, index) => (
        <li key={url} className="chosen-images__item">
          <img src={url} alt={altOf(index + 1)} />
          <button type="button" className="chosen-images__remove" aria-label={removeLabelOf(index + 1)} disabled={disabled} onClick={() => onRemove(index)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
