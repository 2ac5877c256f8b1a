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

export function useBrowser(options: { viewport?: { width: number; height: number } } = {}) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: 'fr-FR',
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  return {
    newPage: async (): Promise<Page> => {
      if (!context) throw new Error('browser not ready');
      return context.newPage();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the product started by server.global-setup.ts. */
    baseUrl: string;
  }
}
