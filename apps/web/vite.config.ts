import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { prerenderLanding } from './scripts/prerender-plugin.ts';

/** Modules that go in the `shared` chunk when at least two chunks use them (see `codeSplitting`). */
const SHARED_SOURCES =
  /src[\\/](components|lib|features[\\/]public[\\/](?!.*-page\.tsx)|app[\\/]lazy-page\.tsx$|app[\\/]layouts[\\/](logo|use-scroll-on-navigate)\.tsx?$|i18n[\\/]add-strings\.ts$)[\\/]?/;
/** Primitives and helpers that only the admin screens use: kept out of `shared` (public pages). */
const ADMIN_SOURCES =
  /src[\\/](components[\\/]ui[\\/](admin-icons|badge|checkbox|confirm-dialog|form-alert|list-state|pager|search-field|select|table)\.tsx|lib[\\/](download|error-message|format|list-params|use-debounced-callback)\.ts)$/;
const ICONS = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** The form kit and react-hook-form: only pages with a form of the kit load them (not the landing page). */
const FORM_KIT =
  /node_modules[\\/](react-hook-form|@hookform)[\\/]|components[\\/]ui[\\/]form(-issues)?\.tsx?$/;

/** Where `/api` is proxied in `vite` and `vite preview`: the API server of `npm start` by default. */
const apiTarget = process.env.ECOLAGE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding({ route: '/' })],
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Browsers that run this app support <link rel="modulepreload">; skip the polyfill's bytes.
    modulePreload: { polyfill: false },
    // The server reads it to link the payer pages' own small entry (src/payer, no React).
    manifest: true,
    rolldownOptions: {
      input: { index: 'index.html', payer: 'src/payer/payer.ts' },
      output: {
        // Few, stable chunks: HTTP/1.1 opens about six connections per origin, so a page that
        // needs fourteen small files waits for three rounds. Libraries go in two chunks that
        // outlive app releases in the cache; code shared by several pages goes in one.
        codeSplitting: {
          groups: [
            // Needed by the boot script: must not ride in a chunk that imports React.
            { name: 'preload-helper', test: /preload-helper/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The login, signup and invitation forms' field rules ride with the schemas they use.
            {
              name: 'contracts',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]|features[\\/]auth[\\/]validation\.ts$/,
            },
            // chart.js is drawn by « Statistiques » only: its own chunk, never in `vendor`.
            { name: 'charts', test: /node_modules[\\/](chart\.js|@kurkle[\\/]color)[\\/]/ },
            // Icons are app code, not a stable library: kept out of `vendor` (whose hash would
            // change with every new icon), each rides with the page that draws it, or in
            // `shared` when several do; the admin area's never load with the landing page (the
            // admin primitives draw theirs from ui/admin-icons.tsx, see there why).
            {
              name: 'vendor',
              test: (id) => /node_modules[\\/]/.test(id) && !ICONS.test(id) && !FORM_KIT.test(id),
            },
            {
              name: 'shared',
              test: (id) =>
                (SHARED_SOURCES.test(id) || ICONS.test(id)) &&
                !ADMIN_SOURCES.test(id) &&
                !FORM_KIT.test(id),
              minShareCount: 2,
            },
            // After `vendor` and `shared`, which keep what the kit imports.
            { name: 'forms', test: FORM_KIT },
            // The pieces of the account forms (login, signup, invitation, password reset, profile):
            // one small chunk rather than three tiny ones, each page needing a different subset
            // (after `vendor` and `shared`, which keep what these import).
            {
              name: 'auth-forms',
              test: /features[\\/]auth[\\/](auth-layout|password-field|avatar-file)\.tsx?$/,
              minShareCount: 2,
            },
            // After `shared`, so that what they import from it (button, fields) stays there.
            { name: 'admin', test: ADMIN_SOURCES },
          ],
        },
      },
    },
  },
});
