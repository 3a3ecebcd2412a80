import type { Project } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../lib/paths.ts';
import { BottomSheet } from '../../../../components/ui/bottom-sheet.tsx';
import { showToast } from '../../../../components/ui/toast.tsx';

/** An X post intent for the project's link; X opens it in its own app or site. */
export function xIntentUrl(text: string, url: string): string {
  return `https://x.com/intent/post?${new URLSearchParams({ text, url })}`;
}

/** Share: the device's own sheet (Web Share API) where there is one, else copy-link and X. */
export function ShareButton({ project, title }: { project: Project; title: string }) {
  const { t } = useTranslation(['projectDetail', 'common']);
  const [fallbackOpen, setFallbackOpen] = useState(false);
  // A server render (docs/decisions/110) has no origin; its sheet is closed, so the path serves.
  const url = typeof window === 'undefined' ? paths.project(project.id) : new URL(paths.project(project.id), window.location.origin).href;
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The user closed the device's sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setFallbackOpen(true);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ message: t('share.copied') });
      setFallbackOpen(false);
    } catch {
      showToast({ message: t('share.copyFailed', { url }) });
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void share()}>
        {t('share.button')}
      </button>
      <BottomSheet open={fallbackOpen} onClose={() => setFallbackOpen(false)} title={t('share.title')} closeLabel={t('common:actions.close')}>
        <div className="stack">
          <p className="share-url">{url}</p>
          <button type="button" className="button button--primary button--block" onClick={() => void copy()}>
            {t('share.copy')}
          </button>
          <a className="button button--secondary button--block" href={xIntentUrl(title, url)} target="_blank" rel="noreferrer noopener">
            {t('share.x')}
          </a>
        </div>
      </BottomSheet>
    </>
  );
}
