import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Plugin, ResolvedConfig } from 'vite';
import { precompress } from './precompress.ts';

const PLACEHOLDER = '<div id="root"><!--app-html--></div>';
/** The app's route patterns, read by the server to tell a page from a 404. */
const ROUTES_FILE = 'routes.json';

interface PrerenderOptions {
  /** The route whose HTML goes into dist/index.html (the landing page). */
  route: string;
}

/**
 * After the client build, renders `route` with `src/entry-server.tsx` (built for Node by a second
 * Vite build, so asset URLs match the client's) and writes the HTML into dist/index.html, marked
 * with `data-prerendered` for `src/boot.ts`. The landing page is then readable before any
 * JavaScript runs; every other route still boots as a single-page app from the same file. Writes
 * the router's route patterns to dist/routes.json for the server's 404s.
 * Then writes pre-compressed copies of the output (see `precompress`).
 */
export function prerenderLanding({ route }: PrerenderOptions): Plugin {
  let config: ResolvedConfig;

  return {
    name: 'ecolage:prerender-landing',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error) {
      if (error) return;
      const distDir = path.resolve(config.root, config.build.outDir);
      // Inside node_modules so that Node resolves the externalised packages from there.
      const ssrDir = path.resolve(config.root, 'node_modules/.ecolage-prerender');
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          publicDir: false,
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'entry-server.mjs' } },
          },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'entry-server.mjs')).href;
        const { render, appRoutePatterns } = (await import(entry)) as {
          render: (url: string) => Promise<string>;
          appRoutePatterns: () => string[];
        };
        const appHtml = await render(route);
        // The server answers 404 for any other address (see the server's `web-app.ts`).
        await writeFile(
          path.join(distDir, ROUTES_FILE),
          `${JSON.stringify(appRoutePatterns(), null, 2)}\n`,
        );

        const indexPath = path.join(distDir, 'index.html');
        const html = await readFile(indexPath, 'utf8');
        if (!html.includes(PLACEHOLDER)) {
          throw new Error(`prerender: ${PLACEHOLDER} not found in ${indexPath}`);
        }
        const root = `<div id="root" data-prerendered="${route}">${appHtml}</div>`;
        await writeFile(
          indexPath,
          html.replace(PLACEHOLDER, () => root),
        );
        config.logger.info(`prerendered ${route} into index.html (${appHtml.length} chars)`);
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
      // Last, once index.html is final (closeBundle hooks of plugins run in parallel).
      const count = await precompress(distDir);
      config.logger.info(`wrote .br and .gz beside ${count} files`);
    },
  };
}
