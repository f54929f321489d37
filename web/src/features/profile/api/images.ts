/**
 * Profile photo and cover: the picture is resized in the browser to what the page shows, sent straight to
 * storage with a presigned POST from the API, then kept by the API (which checks it) and the account read
 * again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMAGE_MAX_SIZE, MAX_IMAGE_BYTES, type ImageKind } from '@shared/schemas/profile';
import { api, type ApiInput, type ApiOutput } from '@/lib/api';
import { meQueryKey, useSetMe } from '@/lib/auth';

export const NOT_AN_IMAGE_FILE = 'Please upload an image file';
export const UNREADABLE_IMAGE = 'That image could not be read. Please choose a JPEG, PNG or WebP picture.';
export const UPLOAD_FAILED = 'The upload failed. Please check your connection and try again.';

/** The photo is shown at 128 px: a centre-cropped square of twice that. */
export const PHOTO_SIZE = 256;
/** The cover is 300 px high across the page: at most 2400x800, between 3:1 and 8:1 (wider or taller is cropped). */
export const COVER_MAX = { width: Math.min(2400, IMAGE_MAX_SIZE.cover.width), height: Math.min(800, IMAGE_MAX_SIZE.cover.height) } as const;
export const COVER_ASPECT = { min: 3, max: 8 } as const;

/** Only files whose type starts with image/ are accepted (the spec's rule). */
export const isImageFile = (file: { type: string }) => file.type.startsWith('image/');

/** The part of the source drawn (sx, sy, sw, sh) and the size it is drawn at. */
export interface ResizePlan {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  width: number;
  height: number;
}

/** Where to crop and how large to draw a picture of the given size for a photo or a cover. */
export function resizePlan(kind: ImageKind, width: number, height: number): ResizePlan {
  if (kind === 'photo') {
    const side = Math.min(width, height);
    return { sx: (width - side) / 2, sy: (height - side) / 2, sw: side, sh: side, width: PHOTO_SIZE, height: PHOTO_SIZE };
  }
  let [sx, sy, sw, sh] = [0, 0, width, height];
  if (width / height > COVER_ASPECT.max) {
    sw = height * COVER_ASPECT.max;
    sx = (width - sw) / 2;
  } else if (width / height < COVER_ASPECT.min) {
    sh = width / COVER_ASPECT.min;
    sy = (height - sh) / 2;
  }
  const scale = Math.min(1, COVER_MAX.width / sw, COVER_MAX.height / sh);
  return {
    sx,
    sy,
    sw,
    sh,
    width: Math.max(1, Math.min(COVER_MAX.width, Math.round(sw * scale))),
    height: Math.max(1, Math.min(COVER_MAX.height, Math.round(sh * scale))),
  };
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** The picture resized for its place, as WebP (or JPEG where the browser cannot write WebP). */
export async function prepareImage(file: Blob, kind: ImageKind): Promise<Blob> {
  if (!isImageFile(file)) throw new Error(NOT_AN_IMAGE_FILE);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(UNREADABLE_IMAGE);
  }
  try {
    const plan = resizePlan(kind, bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error(UNREADABLE_IMAGE);
    const draw = (background?: string) => {
      ctx.clearRect(0, 0, plan.width, plan.height);
      if (background) {
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, plan.width, plan.height);
      }
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, plan.sx, plan.sy, plan.sw, plan.sh, 0, 0, plan.width, plan.height);
    };
    draw();
    let blob = await toBlob(canvas, 'image/webp', 0.86);
    if (!blob || blob.type !== 'image/webp') {
      // JPEG has no transparency: what was transparent takes the page's background instead of black.
      draw('#171a23');
      blob = await toBlob(canvas, 'image/jpeg', 0.88);
    }
    if (!blob) throw new Error(UNREADABLE_IMAGE);
    if (blob.size > MAX_IMAGE_BYTES) throw new Error(`The picture is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB even after resizing`);
    return blob;
  } finally {
    bitmap.close();
  }
}

/** Posts the picture to the presigned URL: every policy field first, the file last. */
export async function postImage(ticket: ApiOutput<'createImageUpload'>, image: Blob, fetchImpl: typeof fetch = fetch): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', image);
  let res: Response;
  try {
    res = await fetchImpl(ticket.url, { method: 'POST', body: form });
  } catch {
    throw new Error(UPLOAD_FAILED);
  }
  if (!res.ok) {
    const detail = /<Message>([^<]{1,300})<\/Message>/.exec(await res.text().catch(() => ''))?.[1];
    console.error('Storage refused the picture', res.status, detail);
    throw new Error(UPLOAD_FAILED);
  }
}

/** Resizes, uploads and keeps a photo or cover; the cached account is replaced with the answer. */
export function useProfileImageUpload() {
  const setMe = useSetMe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: ImageKind; file: File }) => {
      const image = await prepareImage(file, kind);
      const contentType = image.type as ApiInput<'createImageUpload'>['contentType'];
      const ticket = await api('createImageUpload', { kind, contentType, size: image.size });
      await postImage(ticket, image);
      return api('saveProfileImage', { kind, key: ticket.key });
    },
    onSuccess: (user) => {
      setMe(user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
