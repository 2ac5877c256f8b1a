import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/** A multipart/form-data body: text fields first (or after, with `fileFirst`), then one file. */
export function multipartPayload(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer } | null,
  fileFirst = false,
) {
  const boundary = 'limite-ecolage';
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends a multipart upload as the member of `token`. */
export function upload(
  app: FastifyInstance,
  token: string,
  url: string,
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer } | null,
  fileFirst = false,
) {
  const { payload, contentType } = multipartPayload(fields, file, fileFirst);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}

/** A small real PDF (one empty page). */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A PNG of `width` × `height` in one colour. */
export function pngOf(width: number, height: number, colour = '#0A7A3D'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A PNG whose header announces `width` × `height` pixels but holds one pixel's data: what a
 * decompression bomb looks like to a decoder's first look (its IHDR, CRC fixed).
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngOf(1, 1));
  // IHDR's data starts after the 8-byte signature, 4-byte length and 4-byte type.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
