import sharp from 'sharp';
import type { DbOrTx } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import { findOrganizationById, readSchoolLogoPng } from '../organizations';
import { NO_LOOK, type ReceiptLook } from './receipt-view';

/** The logo's longest side on paper, in pixels: 54 pt (the A4 box) at about 300 dpi. */
const LOGO_PIXELS = 224;
/** Prepared logos kept by the process (school and logo version): the most recently used. */
const MAX_PREPARED = 64;

type Logo = NonNullable<ReceiptLook['logo']>;

/**
 * The stored logo as receipts draw it: at most 224 px, flattened on white (the paper; pdfkit
 * would otherwise unpack a PNG's alpha channel on every render) and re-encoded without
 * interlacing, so pdfkit copies its compressed pixels as they are; in colour for A4 and in grey
 * for the 80 mm thermal head, which prints tones better from grey than from colours.
 */
export async function prepareReceiptLogo(png: Buffer): Promise<Logo> {
  const base = sharp(png, { limitInputPixels: 4096 * 4096 })
    .resize(LOGO_PIXELS, LOGO_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#FFFFFF' });
  const [color, grey] = await Promise.all([
    base.clone().png({ progressive: false }).toBuffer(),
    base.clone().grayscale().toColourspace('b-w').png({ progressive: false }).toBuffer(),
  ]);
  return { color, grey };
}

const prepared = new Map<string, Promise<Logo | null>>();

function preparedLogo(key: string, load: () => Promise<Buffer | null>): Promise<Logo | null> {
  let logo = prepared.get(key);
  if (logo) {
    // Most recently used last: the first key is the one to drop.
    prepared.delete(key);
  } else {
    logo = load()
      .then((png) => (png ? prepareReceiptLogo(png) : null))
      .catch((error: unknown) => {
        // Not kept: the next receipt tries again (a file being replaced, a passing I/O error).
        prepared.delete(key);
        throw error;
      });
  }
  prepared.set(key, logo);
  if (prepared.size > MAX_PREPARED) prepared.delete(prepared.keys().next().value!);
  return logo;
}

/**
 * How the school looks today on its receipts: its colour and its logo (prepared once per logo
 * version). A logo that cannot be read leaves the initials: a receipt is never refused for it.
 */
export async function receiptLook(
  db: DbOrTx,
  files: FileStorage,
  organizationId: string,
): Promise<ReceiptLook> {
  const school = await findOrganizationById(db, organizationId);
  if (!school) return NO_LOOK;
  if (!school.logoFile || !school.logoVersion) return { color: school.brandColor, logo: null };
  const logo = await preparedLogo(`${organizationId}:${school.logoVersion}`, () =>
    readSchoolLogoPng(db, files, organizationId),
  ).catch(() => null);
  return { color: school.brandColor, logo };
}
