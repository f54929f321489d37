import { useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import type { ImageKind } from '@shared/schemas/profile';
import type { UserView } from '@shared/schemas/users';
import { Alert } from '@/components/alert';
import { Avatar } from '@/components/avatar';
import { errorMessage } from '@/lib/errors';
import { isImageFile, NOT_AN_IMAGE_FILE, useProfileImageUpload } from '@/features/profile/api/images';
import { PROFILE_DETAILS_ID } from './profile-form';

/** The cover area's height (spec section 9). */
export const COVER_HEIGHT = 300;
const PHOTO_SIZE = 128;

const ROLE_LABELS = { musician: 'Musician', pro: 'Pro', admin: 'Admin' } as const;
const CHANGE_LABELS: Record<ImageKind, string> = { photo: 'Change Photo', cover: 'Change Cover' };
const FAILED: Record<ImageKind, string> = {
  photo: 'Your photo could not be changed. Please try again.',
  cover: 'Your cover could not be changed. Please try again.',
};

/*
 * The header's own styles. The change controls appear on hover, stay visible while focused from the
 * keyboard or busy, and are always shown where there is no hover (touch) and on small screens.
 */
const STYLES = `
.profile-header { position: relative; display: flex; flex-direction: column; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius-lg); overflow: hidden; }
.profile-header-cover { position: relative; height: ${COVER_HEIGHT}px; flex: none; overflow: hidden;
  background: radial-gradient(120% 140% at 85% 0%, rgba(255, 111, 174, 0.55), transparent 55%), radial-gradient(90% 120% at 0% 100%, rgba(62, 207, 142, 0.22), transparent 60%), linear-gradient(120deg, #241c4f 0%, #4a36a3 48%, #7a3d8f 100%); }
.profile-header-cover-img { display: block; width: 100%; height: 100%; object-fit: cover; }
.profile-header-cover::after { content: ''; position: absolute; inset: auto 0 0 0; height: 45%; pointer-events: none; background: linear-gradient(to bottom, transparent, rgba(14, 16, 22, 0.55)); }
.profile-header-change { position: absolute; z-index: 2; display: inline-flex; align-items: center; gap: 0.4rem; border: 1px solid rgba(255, 255, 255, 0.28); border-radius: 999px; padding: 0.4rem 0.85rem; font-size: 0.85rem; font-weight: 600; color: #fff; background: rgba(14, 16, 22, 0.62); backdrop-filter: blur(6px); cursor: pointer; white-space: nowrap; opacity: 0; transition: opacity 0.15s ease, background 0.15s ease; }
.profile-header-change:hover:not(:disabled) { background: rgba(14, 16, 22, 0.82); }
.profile-header-change:disabled { cursor: progress; }
.profile-header-change svg { width: 1rem; height: 1rem; flex: none; }
.profile-header-change-cover { top: 1rem; right: 1rem; }
.profile-header-change-photo { left: 50%; bottom: -0.35rem; transform: translateX(-50%); padding: 0.3rem 0.7rem; font-size: 0.78rem; }
.profile-header-cover:hover .profile-header-change-cover, .profile-header-photo:hover .profile-header-change-photo,
.profile-header-change:focus-visible, .profile-header-change.is-busy { opacity: 1; }
.profile-header-body { position: relative; display: flex; align-items: flex-end; gap: 1.25rem; padding: 1rem 1.5rem 1.5rem; }
.profile-header-photo { position: relative; flex: none; width: ${PHOTO_SIZE + 8}px; height: ${PHOTO_SIZE + 8}px; margin-top: calc(-${PHOTO_SIZE / 2 + 4}px - 1rem); z-index: 1; }
.profile-header-photo .avatar-img { display: block; width: ${PHOTO_SIZE + 8}px; height: ${PHOTO_SIZE + 8}px; border: 4px solid var(--surface); box-shadow: var(--shadow); }
.profile-header-identity { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 0.35rem; padding-bottom: 0.2rem; }
.profile-header-identity .role-badge { font-size: 0.72rem; padding: 0.15rem 0.6rem; }
.profile-header-name { font-size: 1.75rem; font-weight: 800; letter-spacing: -0.025em; line-height: 1.15; overflow-wrap: anywhere; }
.profile-header-username { color: var(--muted); font-size: 0.95rem; overflow-wrap: anywhere; }
.profile-header-edit { flex: none; }
.profile-header-error { margin: 0 1.5rem 1.5rem; }
@media (hover: none) { .profile-header-change { opacity: 1; } }
@media (max-width: 640px) {
  .profile-header-change { opacity: 1; }
  .profile-header-change-cover { top: 0.75rem; right: 0.75rem; }
  .profile-header-body { flex-direction: column; align-items: center; text-align: center; gap: 0.9rem; padding: 0 1rem 1.25rem; }
  .profile-header-photo { margin-top: -${PHOTO_SIZE / 2 + 4}px; }
  .profile-header-identity { align-items: center; }
  .profile-header-edit { align-self: stretch; justify-content: center; }
  .profile-header-error { margin: 0 1rem 1.25rem; }
}
`;

function CameraIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </svg>
  );
}

/**
 * 'Edit Profile' is on the page whose form it names: it scrolls to that form and puts the cursor in its
 * first field (without the form, the link's own jump to it).
 */
function goToProfileForm(e: MouseEvent<HTMLAnchorElement>) {
  const heading = document.getElementById(PROFILE_DETAILS_ID);
  const field = heading?.closest('section')?.querySelector<HTMLElement>('input, select, textarea');
  if (!heading || !field) return;
  e.preventDefault();
  heading.scrollIntoView?.({ block: 'start' });
  field.focus({ preventScroll: true });
}

/**
 * The top of the profile page: the cover (or a gradient), the round photo overlapping it (or the default
 * picture), the role badge, the name and an edit button (to the form below), with 'Change Photo' and
 * 'Change Cover'.
 */
export function ProfileHeader({ user }: { user: UserView }) {
  const upload = useProfileImageUpload();
  const [error, setError] = useState<string | null>(null);
  const inputs = { photo: useRef<HTMLInputElement>(null), cover: useRef<HTMLInputElement>(null) };
  const busyKind = upload.isPending ? upload.variables?.kind : undefined;
  const name = user.fullName.trim() || 'User';
  const role = ROLE_LABELS[user.type];

  const choose = (kind: ImageKind) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) return setError(NOT_AN_IMAGE_FILE);
    setError(null);
    upload.mutate({ kind, file }, { onError: (err) => setError(errorMessage(err, FAILED[kind])) });
  };

  const changeButton = (kind: ImageKind) => (
    <button
      type="button"
      className={`profile-header-change profile-header-change-${kind}${busyKind === kind ? ' is-busy' : ''}`}
      onClick={() => inputs[kind].current?.click()}
      disabled={!!busyKind}
      aria-busy={busyKind === kind || undefined}
      data-testid={`profile-change-${kind}`}
    >
      <CameraIcon />
      {busyKind === kind ? 'Uploading...' : CHANGE_LABELS[kind]}
    </button>
  );

  return (
    <section className="profile-header" data-testid="profile-header" aria-label={`${name}'s profile`}>
      <style href="snip-profile-header" precedence="default">
        {STYLES}
      </style>
      <div className="profile-header-cover" data-testid="profile-cover">
        {user.coverImage && <img className="profile-header-cover-img" src={user.coverImage} alt="" data-testid="profile-cover-image" />}
        {changeButton('cover')}
      </div>
      <div className="profile-header-body">
        <div className="profile-header-photo" data-testid="profile-photo">
          <Avatar src={user.profileImage} size={PHOTO_SIZE} />
          {changeButton('photo')}
        </div>
        <div className="profile-header-identity">
          <span className={`role-badge role-${user.type}`} data-testid="profile-role">
            {role}
          </span>
          <h2 className="profile-header-name" data-testid="profile-name">
            {name}
          </h2>
          {user.username && <span className="profile-header-username">@{user.username}</span>}
        </div>
        <a
          className="btn btn-secondary profile-header-edit"
          href={`#${PROFILE_DETAILS_ID}`}
          onClick={goToProfileForm}
          data-testid="profile-edit"
        >
          Edit Profile
        </a>
      </div>
      {error && (
        <div className="profile-header-error">
          <Alert tone="error" testId="profile-image-error">
            {error}
          </Alert>
        </div>
      )}
      {(['photo', 'cover'] as const).map((kind) => (
        <input
          key={kind}
          ref={inputs[kind]}
          type="file"
          accept="image/*"
          hidden
          onChange={choose(kind)}
          aria-label={CHANGE_LABELS[kind]}
          data-testid={`profile-${kind}-input`}
        />
      ))}
    </section>
  );
}
