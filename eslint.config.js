import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;

// Each folder of src/web/features is a feature; a feature never imports another one
// (docs/conventions.md 'Import boundaries': compose them in a route under src/web/app).
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Each folder of src/web/features/admin is a back-office area (coupons, events, ...) but its shared
// parts, components and lib: an area never imports another one (compose them in a route under src/web/app).
const adminShared = ['components', 'lib'];
const adminAreas = readdirSync(new URL('./src/web/features/admin', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !adminShared.includes(entry.name))
  .map((entry) => entry.name);

/** The import boundaries of docs/conventions.md 'Import boundaries', checked on every file under src. */
const boundaryZones = [
  {
    target: './src/server/domain',
    from: ['./src/server', './src/web'],
    except: ['./domain'],
    message: 'src/server/domain holds pure rules: it imports only src/shared and packages.',
  },
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared is used by the browser and the server: it never imports server or web code.',
  },
  // Service areas in one direction: payments (checkout, confirmation, provider upkeep) and the
  // waiting list act on orders (the sale, its stock and holdings, where freed units go); orders
  // never reach back into them.
  {
    target: './src/server/services/orders',
    from: ['./src/server/services/payments', './src/server/services/waitlist'],
    message:
      'services/orders sits under payments and the waiting list: it imports neither (pass what it needs in, or let the upper area call it).',
  },
  // The server's floors, top down: main, server and worker; the routes (http) and the auth setup;
  // the services; the ground (database, providers, config, helpers) and the pure rules (domain).
  // An arrow only runs down.
  {
    target: './src/server/services',
    from: ['./src/server/http', './src/server/auth.ts', './src/server/server.ts', './src/server/worker.ts', './src/server/main.ts'],
    message:
      'Services sit under the routes, the auth setup, the server and the worker: they import none of them (move the shared piece down, or pass it in).',
  },
  {
    target: [
      './src/server/db',
      './src/server/lib',
      './src/server/payments',
      './src/server/messaging',
      './src/server/mail',
      './src/server/config.ts',
      './src/server/paths.ts',
    ],
    from: [
      './src/server/services',
      './src/server/http',
      './src/server/live',
      './src/server/auth.ts',
      './src/server/server.ts',
      './src/server/worker.ts',
    ],
    message: 'The ground floor (database, providers, config, helpers) never imports the services, routes or server above it.',
  },
  {
    target: './src/server/http',
    from: './src/server/db',
    message: 'Routes reach the database only through a service (src/server/services).',
  },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/app'],
    message: 'src/web/components and src/web/lib sit under the features and the app: they import neither.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'The web app never imports server code; shared code lives in src/shared.',
  },
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared piece to src/web/components or src/web/lib, or compose the features in src/web/app.',
  })),
  ...adminAreas.map((area) => ({
    target: `./src/web/features/admin/${area}`,
    from: './src/web/features/admin',
    except: [`./${area}`, ...adminShared.map((shared) => `./${shared}`)],
    message:
      'A back-office area never imports another one: move the shared piece to src/web/features/admin/components or src/web/features/admin/lib, or compose the areas in src/web/app.',
  })),
  {
    target: adminShared.map((shared) => `./src/web/features/admin/${shared}`),
    from: './src/web/features/admin',
    except: adminShared.map((shared) => `./${shared}`),
    message: "The back office's components and lib sit under its areas: they import none of them.",
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'build/', 'node_modules/', 'data/', 'scratch/', 'test-results/', 'drizzle/', 'tests/lint/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', performance: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // Dynamic import() counts too: a lazily loaded module that imports its loader is still a circle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
