import sharp from 'sharp';
import { AppError } from '@/errors';

const MAX_PIXELS = 40_000_000;

/** JPEG, PNG or WebP by magic bytes, never by name or declared type. */
export function sniffImage(buf: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Checks an uploaded image and re-encodes it without metadata: refuses other formats, pixel floods
 * (more than 40 megapixels declared) and undecodable files; caps the long side at 2048 px.
 */
export async function sanitizeImage(buf: Buffer): Promise<{ data: Buffer; mediaType: string }> {
  const format = sniffImage(buf);
  if (!format) throw new AppError('IMAGE_INVALID');
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS)
      throw new AppError('IMAGE_INVALID', { detail: 'The image is too large in pixels.' });
    const pipeline = sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true });
    const data = await (format === 'png'
      ? pipeline.png()
      : format === 'webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.jpeg({ quality: 85 })
    ).toBuffer();
    return { data, mediaType: `image/${format}` };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMAGE_INVALID', { detail: 'The image could not be read.', cause: err });
  }
}
