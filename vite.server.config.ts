import { defineConfig } from 'vite';

/**
 * The server's production build: src/server/main.ts and everything it imports, packages
 * included, bundled into build/server/ (ES modules for Node 20+), so `npm start` runs compiled
 * JavaScript under plain `node` instead of compiling TypeScript on every start
 * (docs/architecture.md 'Process'). Packages are bundled too: resolving and reading the thousand
 * files they come in took half a second of every start. PGlite stays in node_modules, where
 * it finds its WebAssembly and data files; so does pdfkit (the borderô's PDF), which reads its
 * fonts' metrics from its own folder; the Stripe SDK is a chunk loaded only when Stripe runs.
 */
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'build/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    reportCompressedSize: false,
    rollupOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
  },
  ssr: { target: 'node', noExternal: true, external: ['@electric-sql/pglite', 'pdfkit'] },
  publicDir: false,
  logLevel: 'warn',
});
