/**
 * The admin Mini App's build: Preact and uPlot bundled with Telegram's SDK into dist/miniapp, served
 * by the bot under /miniapp/ (no file from another origin, no inline script: the page's CSP forbids
 * both). Its texts come from locales/*.ftl (the `miniapp-` messages), read here at build time.
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
    target: 'es2020',
    reportCompressedSize: false,
  },
});
