import { domainError, type AppError } from '../../platform/errors';

export const AVATAR_MAX_BYTES = 1024 * 1024;

const formats = [
  {
    mime: 'image/png',
    extension: 'png',
    matches: (b: Buffer) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/jpeg',
    extension: 'jpg',
    matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    mime: 'image/webp',
    extension: 'webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

export type AvatarFormat = (typeof formats)[number];

function refuse(code: 'AVATAR_NOT_AN_IMAGE' | 'AVATAR_TOO_LARGE'): AppError {
  return domainError(code, {}, { field: 'avatar' });
}

/**
 * Decodes an avatar sent as a data URL and checks its real type by its first bytes (the declared
 * type is not trusted): PNG, JPEG or WebP, at most 1 Mo.
 */
export function decodeAvatar(dataUrl: string): { bytes: Buffer; format: AvatarFormat } {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match?.[2]) throw refuse('AVATAR_NOT_AN_IMAGE');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw refuse('AVATAR_TOO_LARGE');
  const format = formats.find((candidate) => candidate.matches(bytes));
  if (!format) throw refuse('AVATAR_NOT_AN_IMAGE');
  return { bytes, format };
}

export function avatarMimeType(name: string): string {
  const extension = name.split('.').pop();
  return (
    formats.find((format) => format.extension === extension)?.mime ?? 'application/octet-stream'
  );
}
