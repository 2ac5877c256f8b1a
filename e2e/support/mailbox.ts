import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * The e-mails the product captured (no SMTP in tests) are logged as JSON lines with their
 * recipient and body. Returns the last link to `path` sent to `recipient`, waiting a little: the
 * log reaches its file through the test runner's main process.
 */
export async function lastLinkSentTo(recipient: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const link = findLink(recipient, path);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${recipient} with a ${path} link`);
}

function findLink(recipient: string, path: string): string | undefined {
  const lines = readFileSync(inject('serverLog'), 'utf8').split('\n').filter(Boolean);
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[\\w.-]+`);
  for (const line of lines.reverse()) {
    let entry: { to?: string; body?: string };
    try {
      entry = JSON.parse(line) as { to?: string; body?: string };
    } catch {
      continue;
    }
    const link = entry.to === recipient && entry.body ? pattern.exec(entry.body) : null;
    if (link) return new URL(link[0]).pathname + new URL(link[0]).search;
  }
  return undefined;
}
