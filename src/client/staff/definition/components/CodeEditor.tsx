import { useEffect, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bidiIsolates,
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import type { PlacedProblem } from '../draft-text.js';
import { jsonSchemaCompletion } from '../json-completion.js';
import { metaSchemaFor } from '../meta-schemas.js';

export interface CodeEditorProps {
  /** The file open now (path relative to schemas/). */
  file: string;
  /** The file's text when it is first opened; later the editor owns it and reports each change. */
  text: string;
  onChange: (file: string, text: string) => void;
  /** The checker's problems in this file, at their lines. */
  problems: readonly PlacedProblem[];
  /** A line to move to (a new object each time, so the same line can be asked twice). */
  reveal?: { line: number };
  readOnly?: boolean;
}

function extensionsFor(file: string, onChange: (text: string) => void, readOnly: boolean): Extension[] {
  const meta = metaSchemaFor(file);
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    json(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    // Persian titles and messages inside an LTR line of JSON: each string is its own bidi island,
    // so its letters read right to left and the quotes, colon and comma stay where JSON has them.
    bidiIsolates(),
    autocompletion(meta ? { override: [jsonSchemaCompletion(meta)] } : {}),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
    ]),
    EditorState.readOnly.of(readOnly),
    EditorState.phrases.of(faConsole.editor.codeMirror),
    // The text is reached by Tab like any field: an explicit tabindex also tells checkers (axe) that
    // the scrolling area around it holds something focusable.
    EditorView.contentAttributes.of({
      'aria-label': fill(faConsole.editor.codeLabel, { file }),
      lang: 'en',
      dir: 'ltr',
      tabindex: '0',
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
  ];
}

function diagnosticsOf(state: EditorState, problems: readonly PlacedProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const line = state.doc.line(Math.min(Math.max(problem.line, 1), state.doc.lines));
    const indent = /^\s*/.exec(line.text)?.[0].length ?? 0;
    return {
      from: Math.min(line.from + indent, line.to),
      to: line.to,
      severity: problem.level === 'warning' ? 'warning' : 'error',
      message: problem.message,
      source: faConsole.editor.checker,
    };
  });
}

/**
 * CodeMirror 6 over one file of the draft at a time. Each file keeps its own editor state (undo
 * history, selection, folds) while another is open.
 */
export function CodeEditor({ file, text, onChange, problems, reveal, readOnly = false }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const openFile = useRef(file);

  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({ parent: host.current });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // Opening a file: its kept state, or a new one from its text.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    if (openFile.current !== file) states.current.set(openFile.current, current.state);
    openFile.current = file;
    const kept = states.current.get(file);
    current.setState(
      kept ??
        EditorState.create({
          doc: text,
          extensions: extensionsFor(file, (next) => changed.current(file, next), readOnly),
        }),
    );
    // The text of a file is read when it opens; later texts come from the editor itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, readOnly]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    current.dispatch(setDiagnostics(current.state, diagnosticsOf(current.state, problems)));
  }, [problems, file]);

  useEffect(() => {
    const current = view.current;
    if (!current || !reveal) return;
    const line = current.state.doc.line(Math.min(Math.max(reveal.line, 1), current.state.doc.lines));
    current.dispatch({ selection: EditorSelection.cursor(line.from), scrollIntoView: true });
    current.focus();
  }, [reveal]);

  return <div className="definition-code" dir="ltr" ref={host} />;
}
