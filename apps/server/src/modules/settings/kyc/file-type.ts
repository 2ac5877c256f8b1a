/** The type of an uploaded file by its first bytes (its name and declared type are not trusted). */
export type SniffedType =
  | { mime: 'application/pdf'; extension: 'pdf' }
  | { mime: 'image/jpeg'; extension: 'jpg' }
  | { mime: 'image/png'; extension: 'png' }
  | { mime: 'image/webp'; extension: 'webp' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffFileType(bytes: Buffer): SniffedType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { mime: 'application/pdf', extension: 'pdf' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', extension: 'jpg' };
  }
  if (bytes.subarray(0, 8).equals(PNG)) return { mime: 'image/png', extension: 'png' };
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}
