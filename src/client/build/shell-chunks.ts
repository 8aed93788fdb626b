/**
 * What the wizard's first load is made of (Node side of the build only). The build has two pages,
 * the wizard (index.html) and the staff console (staff.html), whose previews render the wizard
 * too; left to itself, Rolldown cuts the wizard's first load into one chunk per set of importers
 * (nine files on /welcome), and each cut costs gzip its shared dictionary and the imports between
 * the pieces. Here the modules that index.html loads before anything else go into two chunks:
 * `framework`, those the staff console loads first too (React, the router, the strings), and
 * `shell`, the wizard's own (the store, the steps' shell, the content page). The entry module
 * itself stays out of both: the console's preview imports the shell, and must not run main.tsx.
 *
 * The sets are read from the module graph once it is complete (`buildEnd`), before Rolldown splits
 * it into chunks, where the groups' tests read them.
 */
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** Every module an entry imports statically, through any path, the entry included. */
function staticClosure(graph: ModuleGraph, entry: string): Set<string> {
  const found = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

export interface ShellChunks {
  plugin: Plugin;
  /** `build.rolldownOptions.output.codeSplitting.groups`. */
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
}

/** `wizardPage`: the wizard's HTML entry (index.html); the other HTML entries are the other pages. */
export function shellChunks(wizardPage: string): ShellChunks {
  let wizard = new Set<string>();
  let others = new Set<string>();
  const plugin: Plugin = {
    name: 'wizard-shell-chunks',
    apply: 'build',
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
      const wizardEntry = entries.find((id) => id === wizardPage);
      if (!wizardEntry) return;
      const wizardClosure = staticClosure(graph, wizardEntry);
      // The entry and what it alone runs at the top (main.tsx) stay in the entry's own chunk.
      const wizardOwn = graph.getModuleInfo(wizardEntry)?.importedIds ?? [];
      wizard = new Set([...wizardClosure].filter((id) => id !== wizardEntry && !wizardOwn.includes(id)));
      others = new Set(entries.filter((id) => id !== wizardEntry).flatMap((id) => [...staticClosure(graph, id)]));
    },
  };
  return {
    plugin,
    groups: [
      { name: 'framework', test: (id) => wizard.has(id) && others.has(id), priority: 2 },
      { name: 'shell', test: (id) => wizard.has(id), priority: 1 },
      { name: 'query', test: (id) => /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id), priority: 0 },
    ],
  };
}
