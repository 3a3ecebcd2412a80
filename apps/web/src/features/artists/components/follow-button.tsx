import { useTranslation } from 'react-i18next';
import { CheckIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { Button } from '../../../components/ui/primitives.tsx';

/** Follow one artist, or ("Following") unfollow it; the label says the state, as it reads aloud. */
export function FollowButton({ following, pending, onPress }: { following: boolean; pending: boolean; onPress(): void }) {
  const { t } = useTranslation('artist');
  return (
    <Button variant={following ? 'secondary' : 'primary'} className="button--small" disabled={pending} onClick={onPress}>
      {following ? <CheckIcon width={16} height={16} /> : <PlusIcon width={16} height={16} />}
      <span>{following ? t('follow.following') : t('follow.follow')}</span>
    </Button>
  );
}
