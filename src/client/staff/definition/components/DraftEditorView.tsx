import { useMemo, useState } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { CodeEditor } from './CodeEditor.js';
import { newStepFiles, type PlacedProblem } from '../draft-text.js';
import { FileList, fileOrder } from './FileList.js';
import { ProblemList } from './ProblemList.js';
import type { DraftEditor } from '../hooks/use-draft-editor.js';

export interface DraftEditorViewProps {
  editor: DraftEditor;
}

/** Hands the text over as a file, where the page may not write to the clipboard (plain http). */
function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-draft-texts.txt';
  link.click();
  URL.revokeObjectURL(url);
}

function ConflictNotice({ editor }: { editor: DraftEditor }) {
  const [kept, setKept] = useState<string>();
  const copy = async () => {
    // Every file as the editor has it, so nothing typed is lost while the draft is reloaded.
    const mine = Object.entries(editor.texts)
      .map(([file, text]) => `// ${file}\n${text}`)
      .join('\n');
    try {
      await navigator.clipboard.writeText(mine);
      setKept(faConsole.editor.copied);
    } catch {
      download(mine);
      setKept(faConsole.editor.downloaded);
    }
  };
  return (
    <div className="staff-error definition-conflict" role="alert">
      <p>{faConsole.editor.conflict}</p>
      <p>{faConsole.editor.conflictHelp}</p>
      <p className="definition-actions">
        <button type="button" className="staff-link" onClick={() => void copy()}>
          {faConsole.editor.copyMine}
        </button>
        <button type="button" className="staff-primary" onClick={() => void editor.reload()}>
          {faConsole.editor.reload}
        </button>
      </p>
      {kept && <p role="status">{kept}</p>}
    </div>
  );
}

function SaveState({ editor }: DraftEditorViewProps) {
  if (editor.status === 'conflict') return null;
  const failed = editor.status === 'failed';
  return (
    <p className={failed ? 'staff-error' : 'definition-status'} role="status">
      {faConsole.editor.status[editor.status]}
      {failed && (
        <>
          {' '}
          <button type="button" className="staff-link" onClick={() => void editor.saveNow()}>
            {faConsole.editor.retrySave}
          </button>
        </>
      )}
    </p>
  );
}

/** «ویرایش»: the draft's files, the open file in CodeMirror, the checker's problems, the save state. */
export function DraftEditorView({ editor }: DraftEditorViewProps) {
  const files = useMemo(() => fileOrder(Object.keys(editor.texts)), [editor.texts]);
  const [chosen, setChosen] = useState('wizard.json');
  const [reveal, setReveal] = useState<{ line: number }>();
  const open = editor.texts[chosen] !== undefined ? chosen : (files[0] ?? 'wizard.json');

  const counts = useMemo(() => {
    const found: Record<string, number> = {};
    for (const problem of editor.problems) found[problem.file] = (found[problem.file] ?? 0) + 1;
    return found;
  }, [editor.problems]);
  const openProblems = useMemo(
    () => editor.problems.filter((problem) => problem.file === open),
    [editor.problems, open],
  );

  const go = (problem: PlacedProblem) => {
    setChosen(problem.file);
    setReveal({ line: problem.line });
  };

  if (editor.loadError) {
    return (
      <p className="staff-error" role="alert">
        {editor.loadError}
      </p>
    );
  }
  if (!editor.ready) return <p role="status">{faConsole.editor.loading}</p>;

  return (
    <div className="definition-editor">
      <FileList
        files={files}
        open={open}
        problemCounts={counts}
        onOpen={(file) => {
          setChosen(file);
          setReveal(undefined);
        }}
        onAddStep={(id) => {
          editor.addFiles(newStepFiles(id, faConsole.editor.newStepTitle));
          setChosen(`steps/${id}.schema.json`);
        }}
        onRemove={editor.removeFile}
      />
      <div className="definition-work">
        {editor.status === 'conflict' && <ConflictNotice editor={editor} />}
        <SaveState editor={editor} />
        <h2 className="definition-open">
          <bdi dir="ltr">{open}</bdi>
        </h2>
        {editor.texts[open] !== undefined && (
          <CodeEditor
            key={editor.generation}
            file={open}
            text={editor.texts[open]}
            onChange={editor.change}
            problems={openProblems}
            reveal={reveal}
          />
        )}
        <ProblemList problems={editor.problems} onGo={go} />
      </div>
    </div>
  );
}
