import QRCode from 'qrcode';

/**
 * The QR code of a public page's address (the school's pay page, its pre-registration form), as
 * the payer module draws its other codes: error correction M, a quiet zone of one module in SVG
 * (the poster adds its own margin), four in PNG (printed as is).
 */
export async function pageQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** PNG at 1 024 px: sharp enough for an A4 poster. */
export async function pageQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', margin: 4, width: 1024, errorCorrectionLevel: 'M' });
}
