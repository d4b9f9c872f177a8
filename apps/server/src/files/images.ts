import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { newFileId, sanitizeFilename } from './names';
import { fail, ok, type Result } from './result';
import { checkUpload } from './sniff';

export type ImageKind = 'image' | 'branchMap';

interface ImageProfile {
  /** Longest side of the stored image; larger uploads are scaled down, smaller ones kept. */
  maxDimension: number;
  /** Longest side of the thumbnail. */
  thumbnailDimension: number;
  quality: number;
  /** Decoded pixels allowed: a few KB can declare gigapixels (a decompression bomb). */
  maxInputPixels: number;
}

const IMAGE_PROFILES: Record<ImageKind, ImageProfile> = {
  // Gallery photos: 64 MP takes any phone camera at full resolution.
  image: { maxDimension: 2560, thumbnailDimension: 320, quality: 82, maxInputPixels: 64_000_000 },
  // Floor plans carry fine lines and text: more pixels, higher quality. Positions on the map are
  // relative (0..1), so scaling never moves a marker.
  branchMap: { maxDimension: 4096, thumbnailDimension: 480, quality: 90, maxInputPixels: 100_000_000 },
};

/** Stored images are WebP: small in the database, shown by every current browser, no metadata. */
const STORED_IMAGE_MIME = 'image/webp';

export interface StoredImage {
  /** Storage name from a random id, never from the upload. */
  name: string;
  mime: typeof STORED_IMAGE_MIME;
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
}

export interface ProcessedImage {
  id: string;
  /** The uploaded name as display text only (sanitised, extension of the stored format). */
  filename: string;
  /** What was uploaded, for the protocol. */
  original: { format: string; width: number; height: number; size: number };
  image: StoredImage;
  thumbnail: StoredImage;
}

const SECONDS_PER_IMAGE = 30;

const toStored = ({ data, info }: { data: Buffer; info: OutputInfo }, name: string): StoredImage => ({
  name,
  mime: STORED_IMAGE_MIME,
  bytes: data,
  size: data.byteLength,
  width: info.width,
  height: info.height,
});

/**
 * The gallery thumbnail of a stored (already re-encoded) image: WebP, longest side at most the
 * profile's `thumbnailDimension` (never enlarged).
 */
export const makeThumbnail = async (
  kind: ImageKind,
  stored: Uint8Array,
  name = `${newFileId()}-thumb.webp`,
): Promise<StoredImage> => {
  const size = IMAGE_PROFILES[kind].thumbnailDimension;
  const thumbnail = await sharp(stored, { limitInputPixels: IMAGE_PROFILES[kind].maxInputPixels })
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .timeout({ seconds: SECONDS_PER_IMAGE })
    .toBuffer({ resolveWithObject: true });
  return toStored(thumbnail, name);
};

/**
 * Decodes an image already checked by magic bytes and re-encodes it: the stored bytes are
 * libvips' own output, so nothing the uploader appended or embedded (EXIF with GPS, scripts in
 * comments, polyglot payloads) survives. EXIF orientation is applied before metadata is dropped.
 */
const processImage = async (
  kind: ImageKind,
  bytes: Uint8Array,
  originalName?: string,
): Promise<Result<ProcessedImage>> => {
  const profile = IMAGE_PROFILES[kind];
  const options: SharpOptions = {
    limitInputPixels: profile.maxInputPixels,
    failOn: 'error',
    sequentialRead: true,
    animated: false,
  };
  let meta: Metadata;
  try {
    // Only the header is read here (no pixels), so the pixel limit is checked below with the
    // dimensions at hand instead of an opaque libvips error.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return fail('upload_failed', 'The image could not be read.');
  }
  if (!['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
    return fail('unsupported_media_type', 'Only jpeg, png and webp images are accepted.');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > profile.maxInputPixels)
    return fail('payload_too_large', `The image has more than ${profile.maxInputPixels} pixels.`, {
      maxPixels: profile.maxInputPixels,
      width,
      height,
    });

  const id = newFileId();
  try {
    const image = await sharp(bytes, options)
      .rotate()
      .resize({
        width: profile.maxDimension,
        height: profile.maxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: profile.quality })
      .timeout({ seconds: SECONDS_PER_IMAGE })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await makeThumbnail(kind, image.data, `${id}-thumb.webp`);
    return ok({
      id,
      filename: sanitizeFilename(originalName, 'webp', kind === 'branchMap' ? 'map' : 'image'),
      original: { format: meta.format ?? 'unknown', width, height, size: bytes.byteLength },
      image: toStored(image, `${id}.webp`),
      thumbnail,
    });
  } catch {
    // Truncated or corrupt pixel data shows only when decoding.
    return fail('upload_failed', 'The image could not be read.');
  }
};

/** The whole image upload: size and type by magic bytes, then decode and re-encode. */
export const acceptImage = async (
  kind: ImageKind,
  bytes: Uint8Array,
  originalName?: string,
): Promise<Result<ProcessedImage>> => {
  const checked = await checkUpload(kind, bytes);
  if (!checked.ok) return checked;
  return processImage(kind, bytes, originalName);
};
