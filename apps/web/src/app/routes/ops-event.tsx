import { useState } from 'react';
import { ArtistPicker } from '../../features/artists/components/artist-picker.tsx';
import { useAdPackages } from '../../features/media/api/get-ad-packages.ts';
import { useMedia } from '../../features/media/api/get-media.ts';
import { EventForm, type EventFormSlots } from '../../features/projects/components/operator/event-form.tsx';

const slots: EventFormSlots = { renderArtistPicker: (props) => <ArtistPicker {...props} /> };

/** The console's event form (projects) with the artists and the catalogue (media) it picks from. */
export default function OpsEventCreator() {
  const [packageId, setPackageId] = useState<string | null>(null);
  const packages = useAdPackages();
  const media = useMedia({ packageId: packageId ?? undefined }, { enabled: packageId !== null });
  const catalogue = {
    packages: packages.data,
    media: packageId === null ? undefined : media.data?.items,
    pending: packages.isPending || (packageId !== null && media.isPending),
    error: packages.error ?? media.error,
  };
  return <EventForm catalogue={catalogue} slots={slots} onPackageChange={setPackageId} />;
}
