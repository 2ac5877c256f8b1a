import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium (apt-get install chromium), headless, with no traffic outside 127.0.0.1. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One browser per test file; each page gets a fresh context (no shared session or storage). */
export function useBrowser(options: { viewport?: { width: number; height: number } } = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    newPage: async (): Promise<Page> => {
      if (!browser) throw new Error('browser not ready');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport: options.viewport ?? { width: 1280, height: 800 },
        locale: 'fr-FR',
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the product started by server.global-setup.ts. */
    baseUrl: string;
    /** Its log (JSON lines), where captured e-mails are written. */
    serverLog: string;
    /** The payment providers' simulator the product is pointed at (téléphone page, /__sim). */
    sandboxUrl: string;
  }
}
