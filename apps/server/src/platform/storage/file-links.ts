import { createHmac, timingSafeEqual } from 'node:crypto';
import { isStorageKey } from './file-storage';

/** What a signed local link carries: which file, until when, and how the browser gets it. */
export interface FileLink {
  key: string;
  /** Seconds since the epoch. */
  expires: number;
  filename: string;
  contentType: string;
  disposition: 'attachment' | 'inline';
}

/** The route that serves signed local links (`file-links.routes.ts`). */
export const FILE_LINK_PATH = '/api/files';

/**
 * Signs and checks the local directory's download links: an HMAC over every field (key, expiry,
 * name, type, disposition), with a key derived from the server's secret for this use only, so a
 * link opens one file, one way, until it expires, on whichever process answers.
 */
export function fileLinkSigner(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('ecolage:file-links:v1').digest();
  const signatureOf = (link: FileLink) =>
    createHmac('sha256', key)
      .update(
        [link.key, link.expires, link.disposition, link.contentType, link.filename].join('\n'),
      )
      .digest('base64url');

  return {
    /** The query string of the link (without `?`). */
    sign(link: FileLink): string {
      return new URLSearchParams({
        key: link.key,
        expires: String(link.expires),
        disposition: link.disposition,
        type: link.contentType,
        filename: link.filename,
        signature: signatureOf(link),
      }).toString();
    },

    /** `invalid` for a link that was not signed so (tampered, truncated), `expired` after its time. */
    verify(
      query: Record<string, string | undefined>,
      nowSeconds: number,
    ): { ok: true; link: FileLink } | { ok: false; reason: 'invalid' | 'expired' } {
      const { key: fileKey, expires, disposition, type, filename, signature } = query;
      if (!fileKey || !expires || !type || filename === undefined || !signature) {
        return { ok: false, reason: 'invalid' };
      }
      if (!/^\d{1,12}$/.test(expires) || !isStorageKey(fileKey)) {
        return { ok: false, reason: 'invalid' };
      }
      if (disposition !== 'attachment' && disposition !== 'inline') {
        return { ok: false, reason: 'invalid' };
      }
      const link: FileLink = {
        key: fileKey,
        expires: Number(expires),
        filename,
        contentType: type,
        disposition,
      };
      const expected = Buffer.from(signatureOf(link));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      // Checked after the signature: a forged link learns nothing about expiry.
      if (link.expires <= nowSeconds) return { ok: false, reason: 'expired' };
      return { ok: true, link };
    },
  };
}

export type FileLinkSigner = ReturnType<typeof fileLinkSigner>;
