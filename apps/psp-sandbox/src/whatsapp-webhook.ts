// WhatsApp's webhook, as Meta handles it: one URL per app (the dashboard's setting; here
// PSP_SANDBOX_WHATSAPP_WEBHOOK_URL or `POST /__sim/config {whatsappWebhookUrl}`), verified by a GET
// `hub.mode=subscribe&hub.verify_token=…&hub.challenge=…` that must answer 200 with the challenge.
// Meta posts nothing to a URL that failed it; the sandbox tries again before each report, so a
// product that starts after the sandbox is verified as soon as it answers.
import { randomInt } from 'node:crypto';
import { isLocalUrl } from './callbacks';
import type { Sandbox } from './engine';

const VERIFY_TIMEOUT_MS = 5_000;

export interface WhatsAppWebhookState {
  url: string | null;
  verified: boolean;
  verifiedAt: string | null;
  /** Why the last handshake failed. */
  error: string | null;
}

export class WhatsAppWebhook {
  private url: string | undefined;
  private verifiedAt: Date | null = null;
  private error: string | null = null;
  private pending: Promise<boolean> | undefined;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly fetch: typeof globalThis.fetch,
  ) {
    this.configured();
  }

  /** The configuration may have changed: a new URL is verified again. */
  configured(): void {
    const url = this.sandbox.config.whatsappWebhookUrl;
    if (url === this.url) return;
    this.url = url;
    this.verifiedAt = null;
    this.error = null;
    if (url) void this.verify();
  }

  state(): WhatsAppWebhookState {
    return {
      url: this.url ?? null,
      verified: this.verifiedAt !== null,
      verifiedAt: this.verifiedAt?.toISOString() ?? null,
      error: this.error,
    };
  }

  /** Undefined when reports may be posted; otherwise why not (the handshake failed). */
  async ready(): Promise<string | undefined> {
    this.configured();
    if (!this.url || this.verifiedAt) return undefined;
    if (await this.verify()) return undefined;
    return `webhook not verified: ${this.error ?? 'unknown'}`;
  }

  /** The GET handshake (one at a time). */
  verify(): Promise<boolean> {
    this.pending ??= this.handshake().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  async flush(): Promise<void> {
    await this.pending;
  }

  private async handshake(): Promise<boolean> {
    const url = this.url;
    if (!url) return false;
    if (!isLocalUrl(url)) {
      this.error = 'not a local host';
      return false;
    }
    const challenge = String(randomInt(100_000_000, 2_000_000_000));
    const target = new URL(url);
    target.searchParams.set('hub.mode', 'subscribe');
    target.searchParams.set('hub.verify_token', this.sandbox.credentials.whatsapp.verifyToken);
    target.searchParams.set('hub.challenge', challenge);
    try {
      const response = await this.fetch(target.href, {
        method: 'GET',
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const body = (await response.text()).trim();
      if (url !== this.url) return false;
      if (response.status === 200 && body === challenge) {
        this.verifiedAt = this.sandbox.now();
        this.error = null;
        return true;
      }
      this.error = `HTTP ${response.status}${response.status === 200 ? ', challenge not echoed' : ''}`;
    } catch (error) {
      this.error = (error as Error).message;
    }
    return false;
  }
}
