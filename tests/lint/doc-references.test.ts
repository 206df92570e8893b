import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments and docs cite the product's rules by markdown file and heading, as in
// `docs/rules/sale.md 'Buying'` (docs/conventions.md 'Comments'). Every `*.md` path named in a
// text file of the repository must exist (from the repository's root, or beside the file for a
// markdown link), a quoted name right after one must be a heading of that file, and the four
// documents that docs/ replaced are not named anywhere.

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The documents docs/ replaced, spelt here in parts so this file does not name them. */
const retired = ['PRODUCT', 'SPEC', 'ARCHITECTURE', 'STYLE'].map((name) => `${name}.md`);

/** Any of them, not as the tail of a longer name. */
const retiredName = new RegExp(`(?<![\\w-])(${retired.map((name) => name.replace('.', '\\.')).join('|')})`, 'g');

/** A markdown file's path, from the root or relative (`../`), ending in `.md`; never the tail of a URL or of another path. */
const mdPath = /(?<![\w./:-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.md)(?![\w-])/g;
/** A quoted heading right after a path, or after the `)` closing a markdown link: ` 'Buying'`. */
const quotedHeading = /^\)?[ \t]+'([^'\n]+)'/;

/** Tracked files and new ones not ignored, relative to the root, as `git` lists them. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  return [...new Set(out.split('\0').filter(Boolean))].filter(
    (file) => existsSync(join(root, file)) && statSync(join(root, file)).isFile(),
  );
}

/** The text of a file, or null for a binary one (a NUL byte in its first 8 kB). */
function readText(file: string): string | null {
  const bytes = readFileSync(join(root, file));
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return bytes.toString('utf8');
}

/** The headings of a markdown text ('#' to '######' lines outside code fences), as written. */
function headingsOf(markdown: string): Set<string> {
  const headings = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) headings.add(heading[1]);
  }
  return headings;
}

interface Problem {
  at: string;
  problem: string;
}

/** Every broken reference in `texts` (file -> text), with its file and line. `exists` says whether a root-relative path is in the repository. */
function findProblems(texts: Map<string, string>, exists: (path: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  const headings = new Map<string, Set<string>>();
  const headingsAt = (path: string) => {
    if (!headings.has(path)) headings.set(path, headingsOf(texts.get(path) ?? readFileSync(join(root, path), 'utf8')));
    return headings.get(path)!;
  };
  for (const [file, text] of texts) {
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (!line.includes('.md')) return;
      const at = `${file}:${index + 1}`;
      for (const [, name] of line.matchAll(retiredName)) problems.push({ at, problem: `names ${name}, which docs/ replaced` });
      for (const match of line.matchAll(mdPath)) {
        const written = match[1];
        if (retired.includes(written)) continue;
        // A link in a markdown file is relative to that file; a path in code is relative to the root.
        const candidates = [normalize(join(dirname(file), written)), normalize(written)];
        const path = candidates.find((candidate) => !candidate.startsWith('..') && exists(candidate));
        if (!path) {
          problems.push({ at, problem: `${written} does not exist` });
          continue;
        }
        const heading = quotedHeading.exec(line.slice(match.index + written.length))?.[1];
        if (heading !== undefined && !headingsAt(path).has(heading)) problems.push({ at, problem: `${path} has no heading '${heading}'` });
      }
    });
  }
  return problems;
}

// Reading and scanning every file of the tree takes seconds on a busy 2-core machine.
describe('references to markdown files', { timeout: 60_000 }, () => {
  const files = repositoryFiles();
  const present = new Set(files);
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = readText(file);
    if (text !== null) texts.set(file, text);
  }

  it('name files and headings that exist, and none of the documents docs/ replaced', () => {
    const problems = findProblems(texts, (path) => present.has(path));
    expect(problems.map(({ at, problem }) => `${at}: ${problem}`)).toEqual([]);
  });

  it('are found: a missing file, a missing heading and a retired document are each reported', () => {
    // Built from parts, so that this file holds no broken reference of its own.
    const md = '.md';
    const planted = new Map([
      [
        'src/planted.ts',
        `// docs/rules/nowhere${md}\n// docs/rules/sale${md} 'No such heading'\n// docs/rules/sale${md} 'Buying'\n// ${retired[1]} section 2`,
      ],
      [`docs/planted${md}`, `See [sale](rules/sale${md}) 'Coupons' and [nothing](rules/nothing${md}).`],
    ]);
    expect(findProblems(planted, (path) => present.has(path))).toEqual([
      { at: 'src/planted.ts:1', problem: `docs/rules/nowhere${md} does not exist` },
      { at: 'src/planted.ts:2', problem: `docs/rules/sale${md} has no heading 'No such heading'` },
      { at: 'src/planted.ts:4', problem: `names ${retired[1]}, which docs/ replaced` },
      { at: `docs/planted${md}:1`, problem: `rules/nothing${md} does not exist` },
    ]);
  });
});
