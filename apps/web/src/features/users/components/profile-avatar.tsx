import { useState } from 'react';
import { UserIcon } from '../../../components/ui/icons.tsx';
import './users.css';

/**
 * A round picture, or the default person icon. A picture the browser cannot draw (a file that is
 * not an image) shows the icon too, never a broken-image mark; `onUnreadable` tells the owner.
 */
export function ProfileAvatar({ imageUrl, size = 72, onUnreadable }: { imageUrl: string | null; size?: number; onUnreadable?: () => void }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const drawable = imageUrl !== null && imageUrl !== failedUrl;
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {drawable ? (
        <img
          src={imageUrl}
          alt=""
          width={size}
          height={size}
          onError={() => {
            setFailedUrl(imageUrl);
            onUnreadable?.();
          }}
        />
      ) : (
        <UserIcon width={size * 0.5} height={size * 0.5} data-testid="default-avatar" />
      )}
    </span>
  );
}
