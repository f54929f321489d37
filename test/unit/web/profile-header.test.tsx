// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../shared/schemas/users';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSetMe: () => () => {},
}));

import { ProfileForm } from '../../../web/src/features/profile/components/profile-form';
import { ProfileHeader } from '../../../web/src/features/profile/components/profile-header';
import { NOT_AN_IMAGE_FILE, UNREADABLE_IMAGE, UPLOAD_FAILED, postImage, resizePlan } from '../../../web/src/features/profile/api/images';
import { apiMock } from './amplify-mock';
import { userView } from './fixtures';
import { renderUi } from './render';

/** Paul, a pro, without pictures unless `over` gives them. */
const user = (over: Partial<UserView> = {}) =>
  userView({
    id: 'u-1',
    email: 'paul@example.test',
    fullName: 'Paul Producer',
    username: 'paulproducer',
    type: 'pro',
    genres: [],
    ...over,
  });

const renderHeader = (u: UserView) => renderUi(<ProfileHeader user={u} />);

afterEach(() => {
  apiMock.mockReset();
});

describe('resizePlan', () => {
  it('centre-crops a photo to a 256 px square', () => {
    expect(resizePlan('photo', 1000, 600)).toEqual({ sx: 200, sy: 0, sw: 600, sh: 600, width: 256, height: 256 });
    expect(resizePlan('photo', 300, 900)).toEqual({ sx: 0, sy: 300, sw: 300, sh: 300, width: 256, height: 256 });
  });

  it('keeps a cover within 2400x800 and its aspect, cropping it to between 3:1 and 8:1', () => {
    // 4:1, larger than needed: scaled down, nothing cropped.
    expect(resizePlan('cover', 4800, 1200)).toEqual({ sx: 0, sy: 0, sw: 4800, sh: 1200, width: 2400, height: 600 });
    // 3:1 exactly at the limit.
    expect(resizePlan('cover', 6000, 2000)).toMatchObject({ width: 2400, height: 800 });
    // A 4:3 photo: cropped to 3:1 around its middle.
    expect(resizePlan('cover', 1200, 900)).toEqual({ sx: 0, sy: 250, sw: 1200, sh: 400, width: 1200, height: 400 });
    // A 10:1 strip: cropped to 8:1.
    expect(resizePlan('cover', 5000, 500)).toEqual({ sx: 500, sy: 0, sw: 4000, sh: 500, width: 2400, height: 300 });
    // Small pictures are never enlarged.
    expect(resizePlan('cover', 900, 200)).toEqual({ sx: 0, sy: 0, sw: 900, sh: 200, width: 900, height: 200 });
  });
});

describe('postImage', () => {
  it('sends every policy field before the file, and reports a refusal without storage jargon', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const names = [...(init.body as FormData).keys()];
      expect(names).toEqual(['key', 'Policy', 'file']);
      return new Response('<Error><Message>Invalid according to Policy</Message></Error>', { status: 403 });
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      postImage({ url: 'http://s3/b', fields: { key: 'k', Policy: 'p' }, key: 'k' }, new Blob(['x']), fetchMock as unknown as typeof fetch),
    ).rejects.toThrow(UPLOAD_FAILED);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('ProfileHeader', () => {
  it('shows a 300 px cover (a gradient without one), the default photo, the role badge, the name and the edit link', () => {
    renderHeader(user());
    expect((screen.getByTestId('profile-cover') as HTMLElement).className).toContain('profile-header-cover');
    expect(document.head.textContent + document.body.textContent).toContain('height: 300px');
    expect(screen.queryByTestId('profile-cover-image')).toBeNull();
    expect(screen.getByTestId('profile-photo').querySelector('img')!.getAttribute('src')).toBe('/default-profile.svg');
    expect(screen.getByTestId('profile-role').textContent).toBe('Pro');
    expect(screen.getByRole('heading', { name: 'Paul Producer' })).toBeTruthy();
    expect(screen.getByTestId('profile-edit').getAttribute('href')).toBe('#profile-details-title');
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Cover' })).toBeTruthy();
  });

  it("'Edit Profile' scrolls to the profile form below and puts the cursor in its first field", () => {
    renderUi(
      <>
        <ProfileHeader user={user()} />
        <ProfileForm user={user()} />
      </>,
    );
    const heading = screen.getByRole('heading', { name: 'Profile details' });
    heading.scrollIntoView = vi.fn();
    fireEvent.click(screen.getByRole('link', { name: 'Edit Profile' }));
    expect(heading.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('shows the pictures the account has, and Musician for a musician', () => {
    renderHeader(
      user({ type: 'musician', profileImage: '/images/profile_images/u-1/1.webp', coverImage: '/images/cover_images/u-1/2.webp' }),
    );
    expect(screen.getByTestId('profile-cover-image').getAttribute('src')).toBe('/images/cover_images/u-1/2.webp');
    expect(screen.getByTestId('profile-photo').querySelector('img')!.getAttribute('src')).toBe('/images/profile_images/u-1/1.webp');
    expect(screen.getByTestId('profile-role').textContent).toBe('Musician');
  });

  it('refuses a file that is not an image before anything is sent', () => {
    renderHeader(user());
    const file = new File(['not a picture'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('profile-photo-input'), { target: { files: [file] } });
    expect(screen.getByTestId('profile-image-error').textContent).toBe(NOT_AN_IMAGE_FILE);
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('says so when an image file cannot be read, and asks the API for nothing', async () => {
    renderHeader(user());
    const file = new File([new Uint8Array([1, 2, 3])], 'broken.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('profile-cover-input'), { target: { files: [file] } });
    expect((await screen.findByTestId('profile-image-error')).textContent).toBe(UNREADABLE_IMAGE);
    expect(apiMock).not.toHaveBeenCalled();
  });
});
