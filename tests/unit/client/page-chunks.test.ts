// @vitest-environment node
/**
 * Which chunks a pre-rendered page's loader preloads: every chunk a form step, the status page or
 * a widget's lazy module imports, beyond the wizard entry's own, including a chunk the staff
 * console's entry also imports (left out, it was fetched one round trip late).
 */
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageChunks } from '../../../src/client/build/prerender-plugin.js';

const root = '/project';

function chunk(fileName: string, options: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name: fileName,
    code: '',
    imports: [],
    dynamicImports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    ...options,
  } as unknown as Rollup.OutputChunk;
}

const build = [
  chunk('assets/index.js', {
    isEntry: true,
    facadeModuleId: `${root}/index.html`,
    moduleIds: [`${root}/index.html`, `${root}/src/client/main.tsx`],
    imports: ['assets/framework.js', 'assets/shell.js'],
    dynamicImports: ['assets/FormStepPage.js', 'assets/StatusPage.js', 'assets/markdown.js'],
  }),
  chunk('assets/framework.js'),
  chunk('assets/shell.js', { imports: ['assets/framework.js'] }),
  chunk('assets/FormStepPage.js', {
    isDynamicEntry: true,
    facadeModuleId: `${root}/src/client/form/FormStepPage.tsx`,
    imports: ['assets/framework.js', 'assets/rjsf.js', 'assets/query.js'],
    dynamicImports: ['assets/LocationMapView.js'],
  }),
  chunk('assets/rjsf.js', { imports: ['assets/framework.js'] }),
  chunk('assets/query.js'),
  chunk('assets/LocationMapView.js', {
    isDynamicEntry: true,
    facadeModuleId: `${root}/widgets/map/LocationMapView.tsx`,
    imports: ['assets/leaflet.js', 'assets/rjsf.js'],
  }),
  chunk('assets/leaflet.js'),
  chunk('assets/StatusPage.js', {
    isDynamicEntry: true,
    facadeModuleId: `${root}/src/client/status/StatusPage.tsx`,
    imports: ['assets/query.js', 'assets/framework.js'],
  }),
  chunk('assets/markdown.js', {
    isDynamicEntry: true,
    facadeModuleId: `${root}/node_modules/markdown-to-jsx/index.js`,
  }),
  chunk('assets/staff.js', {
    isEntry: true,
    facadeModuleId: `${root}/staff.html`,
    moduleIds: [`${root}/staff.html`, `${root}/src/client/staff/main.tsx`],
    imports: ['assets/framework.js', 'assets/query.js', 'assets/console.js'],
  }),
  chunk('assets/console.js'),
];

describe('the chunks each kind of pre-rendered page preloads', () => {
  const pages = pageChunks(build);

  it('a form step: its own chunks and their imports, also one the console shares, none of the entry’s', () => {
    expect([...pages.form].sort()).toEqual(['assets/FormStepPage.js', 'assets/query.js', 'assets/rjsf.js']);
  });

  it('the status page: its own chunk and what it imports beyond the entry', () => {
    expect([...pages.status].sort()).toEqual(['assets/StatusPage.js', 'assets/query.js']);
  });

  it('a widget’s lazy module: its chunks beyond the entry’s and the form step’s', () => {
    expect(pages.lazyModules['/widgets/map/LocationMapView.tsx']?.sort()).toEqual([
      'assets/LocationMapView.js',
      'assets/leaflet.js',
    ]);
  });

  it('the entry: the wizard’s own chunks, not the console’s', () => {
    expect([...pages.wizardEntry].sort()).toEqual(['assets/framework.js', 'assets/index.js', 'assets/shell.js']);
  });
});
