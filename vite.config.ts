import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The build's folder as resolved (the browser tests build into their own with --outDir).
let outDir = 'dist';

/** Writes .br and .gz beside every text asset of the build, for the server's preCompressed mode. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the service worker is written (vite-plugin-pwa's closeBundle), so it is compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        // Also called when the build failed: nothing to compress then.
        if (!existsSync(outDir)) return;
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const path = join(dir, name);
            return statSync(path).isDirectory() ? walk(path) : [path];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|wasm|webmanifest|txt)$/.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The build's files the service worker keeps on the device: the shell, the icons and the code of
 * every page but the back office and the door (read from Vite's build manifest), so a buyer's
 * phone neither downloads nor stores code it never runs. Anything else is cached once it is used.
 */
function buyerPrecache() {
  return (entries: { url: string; revision: string | null; size: number }[]) => {
    const manifestPath = join(outDir, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] }
    >;
    const keep = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || keep.has(chunk.file)) return;
      keep.add(chunk.file);
      for (const css of chunk.css ?? []) keep.add(css);
      for (const child of chunk.imports ?? []) visit(child);
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      if ((chunk.isEntry || chunk.isDynamicEntry) && !/^src\/web\/features\/(admin|door)\//.test(key)) visit(key);
    }
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)) };
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      // main.tsx registers /sw.js itself (no inline script, which the CSP would refuse).
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      manifest: {
        id: '/',
        name: 'Next Level Ingressos',
        short_name: 'Next Level',
        description: 'Ingressos e eventos da Next Level, AY-YO e KXP: compre, guarde seus QR codes e entre no evento.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b0b12',
        background_color: '#0b0b12',
        categories: ['entertainment', 'music', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Meus ingressos', url: '/tickets', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Todos os eventos', url: '/events', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      injectManifest: {
        // A classic script: every browser with service workers runs it.
        rollupFormat: 'iife',
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [buyerPrecache()],
      },
    }),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The server reads the manifest to preload a page's own chunks along with its HTML.
    manifest: true,
    rolldownOptions: {
      output: {
        // Icons are drawing data shared by most pages: one cacheable chunk instead of a dozen
        // one-icon requests on every page.
        codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/ }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
