/**
 * The Mini Apps' build: the admins' control room (index.html: Preact and uPlot with Telegram's SDK)
 * and the customers' app (app.html, issue 43) bundled into dist/miniapp, served by the bot under /miniapp/ (no file from another origin, no inline script: the page's CSP forbids
 * both). Their texts come from locales/*.ftl (`miniapp-` and `app-` messages), read here at build time.
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { miniAppStrings } from './strings-plugin.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/miniapp/',
  plugins: [preact(), miniAppStrings(fileURLToPath(new URL('../locales/', import.meta.url)))],
  build: {
    outDir: fileURLToPath(new URL('../dist/miniapp/', import.meta.url)),
    emptyOutDir: true,
    // The polyfill would be an inline script, which the CSP refuses; Telegram's web views need none.
    modulePreload: { polyfill: false },
    // Two pages: the admins' control room and the customers' app, each loading only its own code.
    rollupOptions: { input: { index: `${root}index.html`, app: `${root}app.html` } },
    target: 'es2020',
    reportCompressedSize: false,
  },
});
