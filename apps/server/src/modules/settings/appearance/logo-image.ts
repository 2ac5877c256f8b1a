import { LOGO_MAX_SIDE } from '@ecolage/contracts';
import sharp from 'sharp';
import { sniffFileType } from '../kyc/file-type';

/** Pixels a logo may have before decoding (a 5 000 × 5 000 image): bombs are refused unread. */
export const LOGO_MAX_INPUT_PIXELS = 25_000_000;

/**
 * A logo's bytes as the stored PNG: PNG, JPEG or WebP by its first bytes, decoded by sharp within
 * the pixel limit, turned upright, fitted into 512 × 512 and re-encoded (metadata dropped). Null
 * when it is no such image, a decompression bomb or too many pixels.
 */
export async function normaliseLogo(bytes: Buffer): Promise<Buffer | null> {
  const type = sniffFileType(bytes);
  if (!type || type.mime === 'application/pdf') return null;
  try {
    const image = sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') return null;
    return await image
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}
