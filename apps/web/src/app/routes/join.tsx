import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../lib/return-path.ts';
import { useBottomBarHidden } from '../../lib/stores/use-bottom-bar-hidden.ts';
import { ArtistPicker } from '../../features/artists/components/artist-picker.tsx';
import { meQueryKey, useMe } from '../../features/auth/api/get-me.ts';
import { JoinFlow } from '../../features/join/components/join-flow.tsx';
import { NicknameField } from '../../features/users/components/nickname-field.tsx';
import { useNicknameChoice } from '../../features/users/hooks/use-nickname-choice.ts';

/**
 * docs/product.md#accounts (join), composed here: the join feature's steps with the artists feature's
 * picker and the users feature's nickname field; the join ends on the page that sent the user here.
 */
export default function JoinPage() {
  useBottomBarHidden();
  const me = useMe();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  if (!me.data) return null;
  if (me.data.joinState === 'joined') return <Navigate to={next} replace />;
  return <JoinSteps key={me.data.id} joinState={me.data.joinState} nickname={me.data.nickname ?? ''} next={next} />;
}

function JoinSteps({ joinState, nickname, next }: { joinState: 'agreements' | 'artists'; nickname: string; next: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nicknameChoice = useNicknameChoice(nickname);
  return (
    <div className="page page--padded">
      <JoinFlow
        joinState={joinState}
        renderArtistPicker={(props) => <ArtistPicker {...props} />}
        nickname={{ field: <NicknameField {...nicknameChoice.fieldProps} />, take: nicknameChoice.take }}
        onAgreed={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
        onJoined={() => {
          navigate(next, { replace: true });
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }}
      />
    </div>
  );
}
