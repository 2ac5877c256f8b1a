// The landing page's initial JavaScript: every script Chromium loads for `/` until the network is
// idle, each gzip-compressed (level 9) as the budget counts it; brotli as actually served, too.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS } from '../e2e/support/browser';

export async function benchLanding(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const scripts: { url: string; raw: number; gzip: number; transferred: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            transferred: sizes.responseBodySize,
          });
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    return {
      scripts: scripts.map((script) => ({ ...script, gzipKb: kb(script.gzip) })),
      totalGzipKb: kb(scripts.reduce((sum, script) => sum + script.gzip, 0)),
      totalTransferredKb: kb(scripts.reduce((sum, script) => sum + script.transferred, 0)),
      targetGzipKb: 90,
    };
  } finally {
    await browser.close();
  }
}
