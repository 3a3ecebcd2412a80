import './fan-avatar.css';

/** A hue from a fan's name: the same fan gets the same colour on every screen. */
export function hueOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/**
 * A fan's picture, or their initial on a colour of their own when they have none
 * (docs/product.md#community). The API shows other fans' nicknames, never their ids, so the colour
 * comes from the nickname; a deleted account (no nickname) gets a plain circle.
 */
export function FanAvatar({ name, pictureUrl, size = 32 }: { name: string | null; pictureUrl: string | null; size?: number }) {
  if (pictureUrl) return <img className="fan-avatar" src={pictureUrl} alt="" width={size} height={size} />;
  const initial = name ? Array.from(name)[0]!.toLocaleUpperCase() : '';
  return (
    <span
      className={name ? 'fan-avatar fan-avatar--initial' : 'fan-avatar fan-avatar--empty'}
      style={{ width: size, height: size, fontSize: size * 0.45, ...(name ? { backgroundColor: `hsl(${hueOf(name)} 55% 42%)` } : {}) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
