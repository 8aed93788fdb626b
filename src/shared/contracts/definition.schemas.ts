/**
 * The shapes of the definition's routes, each written once: the editor's (versions, the draft, its
 * diff, publish, rollback) and what the browser loads of a version. The server declares these
 * schemas on its routes; the client imports the derived types (`import type` only).
 */
import { Type, type Static } from 'typebox';
import type { ChangeSubject } from './definition.js';
import { Dictionary, Nullable, OpenObject, StringEnum } from './common.schemas.js';

/** A whole definition: path relative to schemas/ -> parsed JSON (DefinitionFiles). */
const Files = OpenObject();
/** The same files as text, as typed (DefinitionTexts): the lines problems refer to. */
const Texts = Dictionary(Type.String());

export const DefinitionVersionSummary = Type.Object(
  {
    version: Type.String(),
    state: StringEnum(['live', 'draft', 'past']),
    /** Milliseconds since the epoch; null for the draft. */
    publishedAt: Nullable(Type.Integer()),
    /** E-mail of who published it; null for the draft and for the version imported at first start. */
    publishedBy: Nullable(Type.String()),
    note: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type DefinitionVersionSummary = Static<typeof DefinitionVersionSummary>;

/** One thing the checker (npm run schemas:check) finds wrong, in its own words. */
export const DefinitionProblem = Type.Object(
  {
    /** Relative to schemas/, e.g. "steps/manager.schema.json". */
    file: Type.String(),
    /** 1-based line in the file's text, when the pointer can be found there. */
    line: Nullable(Type.Integer()),
    /** JSON pointer inside the file ('' = the whole file). */
    pointer: Type.String(),
    /** What is wrong and how to fix it, as schemas:check prints it. */
    message: Type.String(),
    level: StringEnum(['error', 'warning']),
    /** Stable token for the kind of problem, e.g. "ui-unknown-key". */
    code: Type.String(),
  },
  { additionalProperties: false },
);
export type DefinitionProblem = Static<typeof DefinitionProblem>;

export const DraftAnswer = Type.Object(
  {
    revision: Type.Integer(),
    files: Files,
    /** Each file's text as it was saved. */
    texts: Texts,
    /** The version the draft was started from. */
    baseVersion: Type.String(),
    problems: Type.Array(DefinitionProblem),
  },
  { additionalProperties: false },
);
export type DraftAnswer = Static<typeof DraftAnswer>;

/** PUT /api/staff/definition/draft: compare-and-set on `revision`. */
export const DraftSave = Type.Object(
  {
    revision: Type.Integer({ minimum: 0 }),
    files: Files,
    /** Each file's text as typed (must parse to the same value as in files). */
    texts: Type.Optional(Texts),
  },
  { additionalProperties: false },
);
export type DraftSave = Static<typeof DraftSave>;

export const DraftSaved = Type.Object(
  { revision: Type.Integer(), problems: Type.Array(DefinitionProblem) },
  { additionalProperties: false },
);
export type DraftSaved = Static<typeof DraftSaved>;

const ChangeKind = StringEnum(['added', 'removed', 'changed']);

/** One change between the live version and the draft, in words. */
export const DefinitionChange = Type.Object(
  {
    kind: ChangeKind,
    subject: Type.Unsafe<ChangeSubject>(Type.String()),
    /** The file (relative to schemas/) and JSON pointer the change is in, in the new version when it is there. */
    file: Type.String(),
    pointer: Type.String(),
    /** The change in one Persian sentence. */
    words: Type.String(),
  },
  { additionalProperties: false },
);
export type DefinitionChange = Static<typeof DefinitionChange>;

/** A file that differs between the two versions: both texts in the server's layout (null: not in that version). */
export const ChangedFile = Type.Object(
  { file: Type.String(), status: ChangeKind, live: Nullable(Type.String()), draft: Nullable(Type.String()) },
  { additionalProperties: false },
);
export type ChangedFile = Static<typeof ChangedFile>;

/** GET /api/staff/definition/diff: the draft against the live version, in words and as JSON. */
export const DefinitionDiff = Type.Object(
  {
    liveVersion: Type.String(),
    draftVersion: Type.String(),
    revision: Type.Integer(),
    changes: Type.Array(DefinitionChange),
    files: Type.Array(ChangedFile),
  },
  { additionalProperties: false },
);
export type DefinitionDiff = Static<typeof DefinitionDiff>;

const Note = Type.String({ maxLength: 2000 });

/** POST /api/staff/definition/publish: the draft becomes the live version. */
export const PublishRequest = Type.Object({ note: Note }, { additionalProperties: false });
export type PublishRequest = Static<typeof PublishRequest>;

/** POST /api/staff/definition/rollback: an earlier version becomes live again. */
export const RollbackRequest = Type.Object(
  { version: Type.String({ pattern: '^[0-9a-f]{12}$' }), note: Note },
  { additionalProperties: false },
);
export type RollbackRequest = Static<typeof RollbackRequest>;

export const PublishAnswer = Type.Object({ version: Type.String() }, { additionalProperties: false });
export type PublishAnswer = Static<typeof PublishAnswer>;

/** The answer of the preview-token route: what opens the draft's files and validators for a while. */
export const PreviewTokenAnswer = Type.Object(
  {
    token: Type.String(),
    /** Milliseconds since the epoch. */
    expiresAt: Type.Integer(),
  },
  { additionalProperties: false },
);
export type PreviewTokenAnswer = Static<typeof PreviewTokenAnswer>;

/** A version's (or the draft's) `definition.json`, as the wizard loads it. */
export const DefinitionDocument = Type.Object({ version: Type.String(), files: Files });
export type DefinitionDocument = Static<typeof DefinitionDocument>;
