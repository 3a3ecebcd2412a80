import { UserIcon } from '../../../components/ui/icons.tsx';
import './users.css';

export function ProfileAvatar({ imageUrl, size = 72 }: { imageUrl: string | null; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {imageUrl ? <img src={imageUrl} alt="" width={size} height={size} /> : <UserIcon width={size * 0.5} height={size * 0.5} />}
    </span>
  );
}
