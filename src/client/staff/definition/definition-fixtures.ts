/**
 * Named examples of the editor's data for stories and tests: the shipped definition from schemas/
 * as the draft, the checker's words for a typical slip (docs/editing-the-wizard.md, example 1), the
 * versions list and a diff.
 */
import { fileText, isProgramFile } from '../../../shared/definition/definition-files.js';
import type {
  DefinitionDiff,
  DefinitionFiles,
  DefinitionProblem,
  DefinitionVersionSummary,
  DraftAnswer,
} from './api/definition-api.js';
import { placeProblem, type PlacedProblem } from './draft-text.js';
import type { DraftEditor } from './hooks/use-draft-editor.js';

const schemaTexts = import.meta.glob<string>('../../../../schemas/**/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** schemas/ as texts, path relative to schemas/, without the program's meta-schemas. */
export const sampleTexts: Record<string, string> = Object.fromEntries(
  Object.entries(schemaTexts)
    .map(([path, text]) => [path.replace(/^(\.\.\/)+schemas\//, ''), text] as const)
    .filter(([file]) => !isProgramFile(file)),
);

export const sampleFiles: DefinitionFiles = Object.fromEntries(
  Object.entries(sampleTexts).map(([file, text]) => [file, JSON.parse(text) as unknown]),
);

export const sampleDraft: DraftAnswer = {
  revision: 7,
  files: sampleFiles,
  texts: sampleTexts,
  baseVersion: '3f9a1c07e2b84d5a',
  problems: [],
};

/** Two problems as the checker words them (uiSchema key misspelt, a pattern message keyed "patern"). */
export const sampleProblems: DefinitionProblem[] = [
  {
    file: 'steps/pharmacy-info.schema.json',
    line: 12,
    pointer: '/properties/name/errorMessage',
    message:
      'The message key "patern" is not the name of a rule, so this message is never shown. Did you mean "pattern"? Use the name of the rule the message is for: one of "required", "default", "type", "minLength", "maxLength".',
    level: 'error',
    code: 'message-unknown-key',
  },
  {
    file: 'steps/pharmacy-info.ui.json',
    line: 3,
    pointer: '/nmae',
    message:
      'uiSchema key "nmae" names no property of steps/pharmacy-info.schema.json. Did you mean "name"? Rename the key or add the property.',
    level: 'error',
    code: 'ui-unknown-key',
  },
];

const hour = 3_600_000;
const publishedAt = Date.UTC(2026, 10, 20, 8, 30);

export const sampleVersions: DefinitionVersionSummary[] = [
  { version: 'draft', state: 'draft', publishedAt: null, publishedBy: null, note: null },
  {
    version: '3f9a1c07e2b84d5a9e01',
    state: 'live',
    publishedAt,
    publishedBy: 'editor@example.ir',
    note: 'گزینهٔ «داخل مجتمع پزشکی» به نوع خدمت افزوده شد.',
  },
  {
    version: 'a41be9d2c07f3e6b1d55',
    state: 'past',
    publishedAt: publishedAt - 48 * hour,
    publishedBy: 'admin@example.ir',
    note: 'پیام نام داروخانه روشن‌تر شد.',
  },
  {
    version: '0c72d19e8ab54f3071aa',
    state: 'past',
    publishedAt: null,
    publishedBy: null,
    note: 'نسخهٔ نخست از schemas/',
  },
];

interface PharmacyInfoStep {
  properties: { name: { title: string }; service: { oneOf: unknown[] } };
}

/** The draft with one option more than the live version and the name's label changed. */
function withNewOption(files: DefinitionFiles): DefinitionFiles {
  const step = structuredClone(files['steps/pharmacy-info.schema.json'] as PharmacyInfoStep);
  step.properties.service.oneOf.push({ const: 15, title: 'داخل مجتمع پزشکی' });
  step.properties.name.title = 'نام کامل داروخانه';
  return { ...files, 'steps/pharmacy-info.schema.json': step };
}

export const sampleDiff: DefinitionDiff = {
  changes: [
    {
      kind: 'added',
      subject: 'option',
      file: 'steps/pharmacy-info.schema.json',
      pointer: '/properties/service/oneOf/14',
      words: 'گزینهٔ «داخل مجتمع پزشکی» به فیلد «نوع خدمت» در مرحلهٔ «اطلاعات داروخانه» افزوده شد.',
    },
    {
      kind: 'changed',
      subject: 'field',
      file: 'steps/pharmacy-info.schema.json',
      pointer: '/properties/name/title',
      words: 'عنوان فیلد «نام داروخانه» در مرحلهٔ «اطلاعات داروخانه» به «نام کامل داروخانه» تغییر کرد.',
    },
  ],
  liveVersion: '3f9a1c07e2b84d5a9e01',
  draftVersion: '5d1e0a9b7c3f22c8d401',
  revision: sampleDraft.revision,
  files: [
    {
      file: 'steps/pharmacy-info.schema.json',
      status: 'changed',
      live: fileText(sampleFiles['steps/pharmacy-info.schema.json']),
      draft: fileText(withNewOption(sampleFiles)['steps/pharmacy-info.schema.json']),
    },
  ],
};

/** A draft editor in a given state, for the views that only show it. */
export function sampleEditor(overrides: Partial<DraftEditor> = {}): DraftEditor {
  return {
    ready: true,
    texts: sampleTexts,
    revision: sampleDraft.revision,
    status: 'saved',
    problems: [],
    generation: 1,
    change: () => undefined,
    addFiles: () => undefined,
    removeFile: () => undefined,
    saveNow: async () => undefined,
    reload: async () => undefined,
    ...overrides,
  };
}

/** The sample problems at their lines in the sample texts. */
export const placedSampleProblems: PlacedProblem[] = sampleProblems.map((problem) =>
  placeProblem(problem, sampleTexts[problem.file]),
);
