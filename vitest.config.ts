import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Every project: a worker's test files share its loaded modules (no test relies on module state:
// servers, caches and pools belong to the instance a test creates). The unit and API layers went
// from 537 s to 319 s, most of the difference being the server's modules loaded again per file.
const isolate = false;

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time on this 2-core machine (vitest's default would be one): each API
    // file has its own database, each browser journey its own database, app server and Chromium.
    // A journey waits on timers and the network much of its time: one at a time took the 42
    // journeys 1,305 s, two 924 s, three 845 s (each file loading its own modules then). Three
    // keep the cores 96 % busy, and a service worker then once took over 10 s to take control.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', isolate, include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/lint/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          isolate,
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-postgres',
          isolate,
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          isolate,
          include: ['tests/e2e/**/*.spec.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // The app on a new database of the local PostgreSQL (less CPU than PGlite in the test's
          // process); the journeys of the embedded default ask for PGlite (startApp).
          env: { E2E_DB: process.env.E2E_DB ?? 'postgres' },
          // Browser journeys wait on a loaded machine too: polls give the page up to 10 s.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
