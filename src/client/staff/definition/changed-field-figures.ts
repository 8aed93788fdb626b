/**
 * The figures beside the draft's changes: for each field the draft changes, how the managers did
 * there in the live version and in the one before it (share of those reaching its step who met an
 * error there, and who left the form there). A change names its field by its JSON pointer
 * (…/properties/<name>…); a name found on several steps is shown once per step, and a field
 * nobody reached in either version is left out.
 */
import type { FieldInsight, InsightsAnswer, VersionInsights } from '../../../shared/contracts/insights.schemas.js';
import type { DefinitionChange } from './api/definition-api.js';

export interface FieldFigures {
  step: string;
  stepTitle: string;
  field: string;
  title: string;
  /** The live version's shares (null: nobody reached the step). */
  live: { errorShare: number | null; abandonedShare: number | null };
  /** The previous version's, when there is one. */
  previous: { errorShare: number | null; abandonedShare: number | null } | null;
}

const FIELD_SUBJECTS = new Set<DefinitionChange['subject']>(['field', 'rule', 'option', 'message', 'display']);

/** The field a change is in: the segment after the last `properties` of its pointer. */
export function fieldOfChange(change: DefinitionChange): string | undefined {
  if (!FIELD_SUBJECTS.has(change.subject)) return undefined;
  const segments = change.pointer.split('/');
  const at = segments.lastIndexOf('properties');
  if (at < 0 || at + 1 >= segments.length) return undefined;
  return segments[at + 1].replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The version published before the live one, in the answer's order of first publication. */
export function previousVersion(answer: InsightsAnswer): string | undefined {
  const index = answer.versions.indexOf(answer.first.version);
  return index > 0 ? answer.versions[index - 1] : undefined;
}

function sharesOf(insights: VersionInsights, field: FieldInsight | undefined) {
  if (!field) return { errorShare: null, abandonedShare: null };
  const reached = insights.steps.find((step) => step.step === field.step)?.reached ?? 0;
  const errors = field.rules.reduce((sum, rule) => sum + rule.count, 0) + field.refused;
  return { errorShare: reached > 0 ? errors / reached : null, abandonedShare: field.abandonedShare };
}

const hasFigures = (row: FieldFigures): boolean =>
  [row.live, row.previous].some((side) => side !== null && (side.errorShare !== null || side.abandonedShare !== null));

/** One row per changed field with a figure in either version, in the order of the changes. */
export function changedFieldFigures(changes: readonly DefinitionChange[], answer: InsightsAnswer): FieldFigures[] {
  const names = [...new Set(changes.map(fieldOfChange).filter((name): name is string => name !== undefined))];
  return names.flatMap((name) =>
    answer.first.fields
      .filter((field) => field.field === name)
      .map((field): FieldFigures => {
        const before = answer.second?.fields.find((entry) => entry.step === field.step && entry.field === name);
        return {
          step: field.step,
          stepTitle: answer.first.steps.find((step) => step.step === field.step)?.title ?? field.step,
          field: name,
          title: field.title,
          live: sharesOf(answer.first, field),
          previous: answer.second ? sharesOf(answer.second, before) : null,
        };
      })
      .filter(hasFigures),
  );
}
