import { useTranslation } from 'react-i18next';
import { useArtist } from '../../features/artists/api/get-artist.ts';
import { artistName } from '../../features/artists/artist-name.ts';
import { ArtistPicker } from '../../features/artists/components/artist-picker.tsx';
import { useAdPackages } from '../../features/media/api/get-ad-packages.ts';
import { useMedia } from '../../features/media/api/get-media.ts';
import { MediaMap } from '../../features/media/components/media-map.tsx';
import { RequestFlow, type RequestFlowSlots } from '../../features/projects/components/request/request-flow.tsx';
import { useRequestDraftStore } from '../../features/projects/stores/request-draft.ts';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { useBottomBarHidden } from '../../lib/stores/use-bottom-bar-hidden.ts';
import { PageFrame } from '../shell/page-frame.tsx';

function ArtistName({ artistId }: { artistId: number }) {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const artist = useArtist(artistId);
  return artist.data ? artistName(artist.data, language) : '…';
}

const slots: RequestFlowSlots = {
  renderArtistPicker: (props) => <ArtistPicker {...props} />,
  renderArtistName: (artistId) => <ArtistName artistId={artistId} />,
  renderMap: (props) => <MediaMap {...props} listWhenUnavailable={false} />,
};

/** The request flow (projects) with the catalogue (media) and artists it picks from. */
export default function RequestProjectPage() {
  const { t } = useTranslation('requestFunding');
  useBottomBarHidden();
  const packageId = useRequestDraftStore((draft) => draft.packageId);
  const packages = useAdPackages();
  const media = useMedia({ packageId: packageId ?? undefined }, { enabled: packageId !== null });
  const catalogue = {
    packages: packages.data,
    media: media.data?.items,
    pending: packages.isPending || (packageId !== null && media.isPending),
    error: packages.error ?? media.error,
  };
  return (
    <PageFrame title={t('title')}>
      <RequestFlow catalogue={catalogue} slots={slots} />
    </PageFrame>
  );
}
