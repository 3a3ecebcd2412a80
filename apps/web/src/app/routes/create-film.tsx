import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { artistName } from '../../features/artists/artist-name.ts';
import { LoginRequiredPrompt } from '../../features/auth/components/login-required-prompt.tsx';
import { FilmForm } from '../../features/films/index.ts';
import { useMyProjects } from '../../features/projects/api/get-my-projects.ts';
import { useFollowingArtists } from '../../features/users/api/get-following-artists.ts';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** The form with what it offers: the followed artists, and the chosen one's projects the fan took part in. */
function FilmFormWithChoices({ initialArtistId }: { initialArtistId?: number }) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const following = useFollowingArtists();
  const [picked, setPicked] = useState<number | null>(initialArtistId ?? null);
  const artists = following.data ? following.data.items.map((artist) => ({ id: artist.id, name: artistName(artist, language) })) : following.isError ? [] : null;
  const artistId = picked !== null && artists?.some((artist) => artist.id === picked) ? picked : (artists?.[0]?.id ?? null);
  const joined = useMyProjects('participate', artistId, { enabled: artistId !== null });
  const projects = (joined.data?.pages.flatMap((page) => page.items) ?? [])
    .filter((project) => project.createdAt !== null && project.title !== null)
    .map((project) => ({ id: project.id, title: project.title! }));
  return <FilmForm artists={artists} artistId={artistId} onArtistChange={setPicked} projects={projects} />;
}

/**
 * Post a film (docs/product.md#films), from the floating menu's "create film" or an artist's Films
 * tab (`?artistId=`). Signed out, the login prompt, whose link comes back here.
 */
export default function CreateFilmPage() {
  const { t } = useTranslation('film');
  const signedIn = useUserInfoStore(isSignedIn);
  const [params] = useSearchParams();
  const artistParam = Number(params.get('artistId'));
  const initialArtistId = Number.isSafeInteger(artistParam) && artistParam > 0 ? artistParam : undefined;
  return <PageFrame title={t('create.title')}>{signedIn ? <FilmFormWithChoices initialArtistId={initialArtistId} /> : <LoginRequiredPrompt />}</PageFrame>;
}
