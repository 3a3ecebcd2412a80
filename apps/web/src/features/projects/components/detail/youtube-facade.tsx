import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The video id of a YouTube link (watch, youtu.be, shorts, embed), or null. */
export function youtubeVideoId(link: string): string | null {
  try {
    const url = new URL(link);
    const host = url.hostname.replace(/^(www|m)\./, '');
    const candidate = host === 'youtu.be' ? url.pathname.slice(1) : url.searchParams.get('v') ?? url.pathname.split('/')[2] ?? '';
    return /^[A-Za-z0-9_-]{6,20}$/.test(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * Nothing is loaded from YouTube until the user taps play (no third-party cookies before then);
 * then the privacy-enhanced player (youtube-nocookie.com) starts.
 */
export function YoutubeFacade({ url }: { url: string }) {
  const { t } = useTranslation('projectDetail');
  const [playing, setPlaying] = useState(false);
  const videoId = youtubeVideoId(url);
  if (!videoId) {
    return (
      <a className="text-link" href={url} target="_blank" rel="noreferrer noopener">
        {t('youtube.open')}
      </a>
    );
  }
  if (playing) {
    return (
      <div className="youtube-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`}
          title={t('youtube.title')}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button type="button" className="youtube-frame youtube-frame--poster" onClick={() => setPlaying(true)}>
      <span className="youtube-frame__play" aria-hidden="true">▶</span>
      <span>{t('youtube.play')}</span>
      <span className="youtube-frame__note">{t('youtube.note')}</span>
    </button>
  );
}
