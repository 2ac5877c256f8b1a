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
    const total = (list: typeof scripts) => kb(list.reduce((sum, script) => sum + script.gzip, 0));
    const beforeInteraction = [...scripts];
    // The first sign of intent (here a scroll) loads and hydrates the app: report that too.
    await page.mouse.wheel(0, 400);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(pending);
    return {
      scripts: beforeInteraction.map((script) => ({ ...script, gzipKb: kb(script.gzip) })),
      totalGzipKb: total(beforeInteraction),
      totalTransferredKb: kb(
        beforeInteraction.reduce((sum, script) => sum + script.transferred, 0),
      ),
      targetGzipKb: 90,
      afterFirstInteraction: {
        addedScripts: scripts.length - beforeInteraction.length,
        totalGzipKb: total(scripts),
      },
    };
  } finally {
    await browser.close();
  }
}
