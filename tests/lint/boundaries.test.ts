import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/conventions.md 'Import boundaries' are eslint.config.js's import-x rules. Each planted file in
// tests/lint/fixtures breaks one boundary and must be reported by the rule that guards it, with
// that boundary's message; remove or loosen a zone and its case fails.

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'tests/lint/fixtures');

interface Fixture {
  /** Where the file is linted as (first line `// lint-as: <path>`), relative to the project. */
  path: string;
  text: string;
}

function readFixture(name: string): Fixture {
  const text = readFileSync(join(fixtures, name), 'utf8');
  const path = /^\/\/ lint-as: (\S+)/.exec(text)?.[1];
  if (!path) throw new Error(`${name}: the first line must be '// lint-as: <path>'`);
  return { path, text };
}

let eslint: ESLint;

/** Lints a planted file as if it sat at its `lint-as` path in the tree (it is never written there). */
async function lintFixture(name: string): Promise<Linter.LintMessage[]> {
  const { path, text } = readFixture(name);
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return result.messages;
}

// The first lint loads the import resolver and reads the tree's imports (seconds on a busy
// 2-core machine): done once here, so each case below times only its own file.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await lintFixture('clean.txt');
}, 120_000);

describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['domain-imports-db.txt', 'src/server/domain holds pure rules'],
    ['domain-imports-services.txt', 'src/server/domain holds pure rules'],
    ['shared-imports-server.txt', 'src/shared is used by the browser and the server'],
    ['shared-imports-web.txt', 'src/shared is used by the browser and the server'],
    ['http-imports-db.txt', 'Routes reach the database only through a service'],
    ['feature-imports-feature.txt', 'A feature never imports another feature'],
    ['admin-area-imports-admin-area.txt', 'A back-office area never imports another one'],
    ['admin-shared-imports-admin-area.txt', "The back office's components and lib sit under its areas"],
    ['web-lib-imports-feature.txt', 'src/web/components and src/web/lib sit under the features and the app'],
    ['web-imports-server.txt', 'The web app never imports server code'],
    ['orders-imports-payments.txt', 'services/orders sits under payments and the waiting list'],
    ['orders-imports-waitlist.txt', 'services/orders sits under payments and the waiting list'],
    ['services-import-auth.txt', 'Services sit under the routes, the auth setup, the server and the worker'],
    ['db-imports-services.txt', 'The ground floor (database, providers, config, helpers) never imports'],
  ])('reports %s with no-restricted-paths', async (name, message) => {
    const messages = await lintFixture(name);
    const reported = messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
    expect(reported, JSON.stringify(messages, null, 2)).toHaveLength(1);
    expect(reported[0].message).toContain(message);
    expect(reported[0].severity).toBe(2);
  });

  it('passes a file that imports its own feature, src/web/lib, src/shared and packages', async () => {
    expect(await lintFixture('clean.txt')).toEqual([]);
  });

  it("passes a back-office area's file that imports its own area and the back office's components and lib", async () => {
    expect(await lintFixture('admin-area-clean.txt')).toEqual([]);
  });
});

describe('import cycles', { timeout: 30_000 }, () => {
  let dir: string;
  let cycleLint: ESLint;

  beforeAll(() => {
    // A cycle needs both files on disk: the planted pairs are copied to a folder outside the tree
    // and linted there with the project's config.
    dir = mkdtempSync(join(tmpdir(), 'lint-cycle-'));
    for (const name of readdirSync(join(fixtures, 'cycle'))) {
      const { path, text } = readFixture(join('cycle', name));
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    cycleLint = new ESLint({ cwd: dir, overrideConfigFile: join(root, 'eslint.config.js') });
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['two modules importing each other', ['src/server/lib/cycle-a.ts', 'src/server/lib/cycle-b.ts']],
    ['a module loaded with import() that imports its loader', ['src/server/lib/loader-c.ts', 'src/server/lib/loaded-d.ts']],
  ])('reports %s with no-cycle, on both ends', async (_case, files) => {
    const results = await cycleLint.lintFiles(files);
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(
        result.messages.map((m) => m.ruleId),
        JSON.stringify(result.messages, null, 2),
      ).toEqual(['import-x/no-cycle']);
    }
  });
});
