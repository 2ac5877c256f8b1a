// `npm start` ready time: first start (initdb + seed) and later starts on an existing data directory.
import { rmSync } from 'node:fs';
import { freshDataDir, startProduct } from './lib/product-server';

export async function benchStartup(runs = 5) {
  const dataDir = freshDataDir('startup');
  try {
    const first = await startProduct(dataDir);
    await first.stop();
    const later: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const product = await startProduct(dataDir);
      later.push(product.readyMs);
      await product.stop();
    }
    later.sort((a, b) => a - b);
    return {
      firstStartMs: Math.round(first.readyMs),
      existingDataDirMs: {
        median: Math.round(later[Math.floor(later.length / 2)] ?? 0),
        max: Math.round(later.at(-1) ?? 0),
        runs,
      },
      targetMs: 5000,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
