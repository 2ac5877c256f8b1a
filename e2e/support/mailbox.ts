import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * The e-mails the product sends reach the sandbox's SMTP server (SMTP_URL in demo mode), whose
 * /__sim/mails lists them; without SMTP they are captured and logged as JSON lines with their
 * recipient and body. Returns the last link to `path` sent to `recipient`, waiting a little: the
 * mail leaves after its transaction commits, and the log reaches its file through the test
 * runner's main process.
 */
export async function lastLinkSentTo(recipient: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const link = (await findMailedLink(recipient, path)) ?? findLink(recipient, path);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${recipient} with a ${path} link`);
}

function linkPattern(path: string): RegExp {
  return new RegExp(`https?://\\S+${path}\\?token=[\\w.-]+`);
}

async function findMailedLink(recipient: string, path: string): Promise<string | undefined> {
  const response = await fetch(
    `${inject('sandboxUrl')}/__sim/mails?to=${encodeURIComponent(recipient)}`,
  ).catch(() => undefined);
  if (!response?.ok) return undefined;
  const { mails } = (await response.json()) as { mails: { text: string | null }[] };
  for (const mail of mails) {
    const link = linkPattern(path).exec(mail.text ?? '');
    if (link) return new URL(link[0]).pathname + new URL(link[0]).search;
  }
  return undefined;
}

function findLink(recipient: string, path: string): string | undefined {
  const lines = readFileSync(inject('serverLog'), 'utf8').split('\n').filter(Boolean);
  const pattern = linkPattern(path);
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
