/**
 * Profile pictures as the server takes them (signup, « Mon profil »): checked in the browser for
 * type and size before being read as a data URL. No React here, so every page that takes a
 * picture shares these few lines and nothing else.
 */

/** What the server accepts (it checks the real type by the file's first bytes). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** 1 Mo, counted like the server: 1024 × 1024 bytes of decoded image. */
export const AVATAR_MAX_BYTES = 1024 * 1024;

export type AvatarProblem = 'wrongType' | 'tooLarge' | 'unreadable';

/** Why `file` cannot be a profile picture, or null when it can. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): AvatarProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The file as a `data:image/…;base64,…` URL, the form the calls take. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
