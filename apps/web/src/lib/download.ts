/**
 * Saves `blob` as a file named `filename` (a download the browser shows as usual). Used for
 * files that need the bearer token and so cannot be a plain link.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click event has returned.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  // Only a bare file name: never a path.
  return name ? (name.split(/[\\/]/).pop() ?? null) : null;
}
