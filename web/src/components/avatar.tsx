import './avatar.css';

/** The fallback picture of a user who has not set one. */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

/** A user's profile picture, or the default placeholder. Decorative: the name is always shown beside it. */
export function Avatar({ src, size = 40, className }: { src?: string | null; size?: number; className?: string }) {
  return (
    <img
      className={`avatar-img${className ? ` ${className}` : ''}`}
      src={src || DEFAULT_PROFILE_IMAGE}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(DEFAULT_PROFILE_IMAGE)) img.src = DEFAULT_PROFILE_IMAGE;
      }}
    />
  );
}
