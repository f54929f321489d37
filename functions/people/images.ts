/**
 * Profile photos and covers. The browser resizes the picture, asks for a presigned POST to an upload-only
 * key of the public images bucket (never served), posts the file there, then asks to keep it: the bytes are
 * read back, proven to be the JPEG, PNG or WebP they were declared as and no larger than the page needs,
 * and stored under `images/`, which the CDN serves. The record then points at the new picture and the
 * previous one is removed.
 */
import { IMAGES_PATH, UPLOADS_PREFIX } from '../../shared/constants.js';
import { IMAGE_MAX_SIZE, MAX_IMAGE_BYTES, type ImageKind } from '../../shared/schemas/profile.js';
import * as images from './data/images.js';
import { getUser, updateUser, type UserRecord } from './data/users.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { FORMAT_NAMES, readImageHeader, type ImageFormat } from './image-header.js';
import { log } from '../lib/observability.js';

/** Long enough to resize and send a picture on a slow connection; the ticket is asked for just before. */
export const IMAGE_UPLOAD_TTL_SECONDS = 5 * 60;

/** The bucket folder of each kind, under `uploads/` while unchecked and under `images/` once kept. */
export const IMAGE_FOLDERS = { photo: 'profile_images', cover: 'cover_images' } as const satisfies Record<ImageKind, string>;
const EXTENSIONS: Record<ImageFormat, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([t, e]) => [e, t])) as Record<string, ImageFormat>;
const RECORD_FIELD = { photo: 'profileImage', cover: 'coverImage' } as const satisfies Record<ImageKind, keyof UserRecord>;
const KIND_NAMES: Record<ImageKind, string> = { photo: 'A profile photo', cover: 'A cover' };

const INVALID_IMAGE = 'invalid_image';
const NOT_AN_IMAGE = 'That file is not a JPEG, PNG or WebP image';

/** `uploads/profile_images/{userId}/{timestamp}.{ext}` (or cover_images). */
export const imageUploadKey = (userId: string, kind: ImageKind, contentType: ImageFormat, now = Date.now()) =>
  `${UPLOADS_PREFIX}${IMAGE_FOLDERS[kind]}/${userId}/${now}.${EXTENSIONS[contentType]}`;

/** Where an upload is kept once checked: the same path under `images/`. */
export const keptImageKey = (uploadKey: string) => `${IMAGES_PATH}/${uploadKey.slice(UPLOADS_PREFIX.length)}`;

const UPLOAD_KEY = new RegExp(`^${UPLOADS_PREFIX}(profile_images|cover_images)/([A-Za-z0-9-]{1,64})/(\\d{1,16})\\.(jpg|png|webp)$`);

/** The parts of one of the upload keys made above, or null for any other key. */
export function parseImageUploadKey(key: string): { kind: ImageKind; userId: string; contentType: ImageFormat } | null {
  const m = UPLOAD_KEY.exec(key);
  if (!m) return null;
  return { kind: m[1] === IMAGE_FOLDERS.photo ? 'photo' : 'cover', userId: m[2], contentType: TYPE_OF_EXTENSION[m[4]] };
}

export async function createImageUpload(
  user: UserRecord,
  input: { kind: ImageKind; contentType: string; size: number },
): Promise<{ url: string; fields: Record<string, string>; key: string }> {
  const contentType = input.contentType as ImageFormat;
  if (!EXTENSIONS[contentType])
    throw new BadRequest('Upload a JPEG, PNG or WebP image', { contentType: 'Upload a JPEG, PNG or WebP image' });
  const key = imageUploadKey(user.id, input.kind, contentType);
  const post = await images.presignImageUpload(key, contentType, MAX_IMAGE_BYTES, IMAGE_UPLOAD_TTL_SECONDS);
  return { ...post, key };
}

/** Removes an object the request no longer needs; a failure leaves garbage (the upload expires anyway), never an error. */
async function discard(key: string): Promise<void> {
  try {
    await images.deleteImage(key);
  } catch (err) {
    log.warn('Could not delete an image object', { key, error: (err as Error).message });
  }
}

async function refuse(uploadKey: string, message: string): Promise<never> {
  await discard(uploadKey);
  throw new BadRequest(message, { file: message }, INVALID_IMAGE);
}

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Checks the uploaded bytes; answers the type they proved to be, or refuses (and removes) the upload. */
async function verify(uploadKey: string, kind: ImageKind, declared: ImageFormat, bytes: Buffer): Promise<ImageFormat> {
  const header = readImageHeader(bytes);
  if ('problem' in header) {
    if (header.problem === 'unreadable_size' && header.type === declared) {
      return refuse(uploadKey, `That ${FORMAT_NAMES[declared]} image is damaged: its size cannot be read`);
    }
    return refuse(uploadKey, NOT_AN_IMAGE);
  }
  if (header.type !== declared) {
    return refuse(uploadKey, `That file is a ${FORMAT_NAMES[header.type]} image, not the ${FORMAT_NAMES[declared]} it was sent as`);
  }
  const max = IMAGE_MAX_SIZE[kind];
  if (header.width > max.width || header.height > max.height) {
    return refuse(
      uploadKey,
      `${KIND_NAMES[kind]} can be at most ${max.width}x${max.height} pixels; this image is ${header.width}x${header.height}`,
    );
  }
  return header.type;
}

/** Points the record at the kept picture and removes the one it replaces. */
async function keep(user: UserRecord, kind: ImageKind, keptKey: string): Promise<UserRecord> {
  const field = RECORD_FIELD[kind];
  const previous = user[field];
  const updated = await updateUser(user, { [field]: keptKey });
  // Only a picture of this user and kind is ever removed.
  const own = `${IMAGES_PATH}/${IMAGE_FOLDERS[kind]}/${user.id}/`;
  if (previous && previous !== keptKey && previous.startsWith(own)) await discard(previous);
  return updated;
}

/**
 * Keeps an uploaded picture as the user's photo or cover. Saving the same key again (a retry, a
 * double-click) answers the user as it is, with the picture kept once.
 */
export async function saveProfileImage(user: UserRecord, input: { kind: ImageKind; key: string }): Promise<UserRecord> {
  const upload = parseImageUploadKey(input.key);
  if (!upload || upload.userId !== user.id || upload.kind !== input.kind) throw new NotFound('Upload not found');
  const field = RECORD_FIELD[input.kind];
  const keptKey = keptImageKey(input.key);
  if (user[field] === keptKey) return user;

  const read = await images.readImage(input.key, MAX_IMAGE_BYTES);
  if (read === 'missing') {
    // Another request with the same key may have kept it meanwhile (and removed the upload).
    const current = (await getUser(user.id)) ?? user;
    if (current[field] === keptKey) return current;
    // Or be about to: what is under the kept key has been checked already.
    if (await images.imageExists(keptKey)) return keep(current, input.kind, keptKey);
    throw new NotFound('Upload not found');
  }
  if (read === 'too_large') return refuse(input.key, `Images must be at most ${mb(MAX_IMAGE_BYTES)}`);
  if (read.bytes.length === 0) return refuse(input.key, 'The file is empty');

  const type = await verify(input.key, input.kind, upload.contentType, read.bytes);
  // The bytes checked are the bytes kept: the upload itself could still be replaced until its ticket expires.
  await images.putImage(keptKey, read.bytes, type);
  await discard(input.key);
  return keep(user, input.kind, keptKey);
}
