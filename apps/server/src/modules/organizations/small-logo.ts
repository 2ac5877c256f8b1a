import sharp from 'sharp';

/**
 * A school's logo made small: 96 px, twice the 48 px box where the payer pages and e-mails show
 * it, so a parent on 3G does not download the 512 px original. Resized once per school and logo
 * version, then kept in memory (the key carries the version: a new logo is a new key).
 */
export const SMALL_LOGO_PX = 96;

const smallLogos = new Map<string, Buffer>();

export async function smallLogo(
  key: string,
  read: () => Promise<Buffer | null>,
): Promise<Buffer | null> {
  const known = smallLogos.get(key);
  if (known) return known;
  const png = await read();
  if (!png) return null;
  const small = await sharp(png, { limitInputPixels: 4096 * 4096 })
    .resize(SMALL_LOGO_PX, SMALL_LOGO_PX, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
  if (smallLogos.size > 200) smallLogos.clear();
  smallLogos.set(key, small);
  return small;
}
