import { describe, expect, it } from 'vitest';
import { routeChunks, type BuildManifest } from './build-manifest';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js', '_icons.js'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_icons.js': { file: 'assets/icons-c.js', imports: ['_react.js'] },
  'src/page.tsx': { file: 'assets/page-d.js', imports: ['_react.js', '_menu.js', 'index.html'] },
  '_menu.js': { file: 'assets/menu-e.js', imports: ['_popper.js', '_icons.js'] },
  '_popper.js': { file: 'assets/popper-f.js', imports: ['_menu.js'] },
};

describe('routeChunks', () => {
  it("lists a page's own chunk first, then what it needs beyond the entry's, each once", () => {
    expect(routeChunks(manifest, 'src/page.tsx')).toEqual(['/assets/page-d.js', '/assets/menu-e.js', '/assets/popper-f.js']);
  });

  it('gives nothing for a module the build does not know', () => {
    expect(routeChunks(manifest, 'src/other.tsx')).toEqual([]);
  });
});
