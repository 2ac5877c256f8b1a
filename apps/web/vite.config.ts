import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { prerenderLanding } from './scripts/prerender-plugin.ts';

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
    rolldownOptions: {
      output: {
        // Few, stable chunks: HTTP/1.1 opens about six connections per origin, so a page that
        // needs fourteen small files waits for three rounds. Libraries go in two chunks that
        // outlive app releases in the cache; code shared by several pages goes in one.
        codeSplitting: {
          groups: [
            // Needed by the boot script: must not ride in a chunk that imports React.
            { name: 'preload-helper', test: /preload-helper/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'contracts', test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
            {
              name: 'shared',
              test: /src[\\/](components|lib|features[\\/]public[\\/](?!.*-page\.tsx))[\\/]?/,
            },
          ],
        },
      },
    },
  },
});
