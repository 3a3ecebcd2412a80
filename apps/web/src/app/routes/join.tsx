import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../paths.ts';
import { useBottomBarHidden } from '../../lib/stores/use-bottom-bar-hidden.ts';
import { ArtistPicker } from '../../features/artists/components/artist-picker.tsx';
import { meQueryKey, useMe } from '../../features/auth/api/get-me.ts';
import { JoinFlow } from '../../features/join/components/join-flow.tsx';

/** docs/product.md#accounts (join), composed here: the join feature's steps with the artists feature's picker. */
export default function JoinPage() {
  useBottomBarHidden();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!me.data) return null;
  if (me.data.joinState === 'joined') return <Navigate to={paths.home} replace />;
  return (
    <div className="page page--padded">
      <JoinFlow
        joinState={me.data.joinState}
        renderArtistPicker={(props) => <ArtistPicker {...props} />}
        onAgreed={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
        onJoined={() => {
          navigate(paths.home, { replace: true });
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }}
      />
    </div>
  );
}
