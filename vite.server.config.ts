import { defineConfig } from 'vite';

/**
 * The server's production build: src/server/main.ts and everything it imports bundled into
 * build/server/main.js (ES modules for Node 20+), packages left as imports from node_modules,
 * so `npm start` runs compiled JavaScript under plain `node` instead of compiling TypeScript on
 * every start (ARCHITECTURE.md 'process').
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
  ssr: { target: 'node' },
  publicDir: false,
  logLevel: 'warn',
});
