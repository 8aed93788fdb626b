import { describeChanges } from './definition-diff.js';
import type { ChangedFile, DefinitionDiff } from '../../shared/contracts/definition.schemas.js';
import { fileText, type DefinitionTexts } from '../../shared/definition/definition-files.js';
import { definitionVersionOf, type Definition } from '../definition/definition.js';
import { filesOf } from '../definition/definition-store.js';

/** What publishing the draft would change: the changes in words, and each changed file's two texts. */
export function draftDiff(live: Definition, draft: { revision: number; texts: DefinitionTexts }): DefinitionDiff {
  const draftFiles = filesOf(draft.texts);
  const paths = [...new Set([...Object.keys(live.files), ...Object.keys(draft.texts)])].sort();
  const files = paths.flatMap((file) => {
    const liveText = Object.hasOwn(live.files, file) ? fileText(live.files[file]) : null;
    const draftText = Object.hasOwn(draftFiles, file)
      ? fileText(draftFiles[file])
      : Object.hasOwn(draft.texts, file)
        ? draft.texts[file]
        : null;
    if (liveText === draftText) return [];
    const status: ChangedFile['status'] = liveText === null ? 'added' : draftText === null ? 'removed' : 'changed';
    return [{ file, status, live: liveText, draft: draftText }];
  });
  return {
    liveVersion: live.version,
    draftVersion: definitionVersionOf(draftFiles),
    revision: draft.revision,
    changes: describeChanges(live.files, draftFiles),
    files,
  };
}
