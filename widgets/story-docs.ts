/**
 * The description on each widget's Storybook docs page (autodocs): what the widget is, its
 * `ui:options` with their defaults (from the widget's declaration, src/shared/definition/widget-declarations.ts)
 * and the JSON a product staff member writes in schemas/steps/ to use it, taken from the step the
 * story renders: the field's schema and uiSchema entries, and those of the sibling fields the widget
 * reads or writes. Built from the files themselves, so the page cannot drift from them.
 */
import { declarationOf, type WidgetDeclaration, type WidgetOption } from './declarations.js';
import type { StepFiles } from './widget-form.js';

/** What an option is for, where its name alone does not say it. */
const optionNotes: Record<string, string> = {
  mask: 'the digits’ pattern while typing: each `9` is a digit, any other character is shown as typed',
  rows: 'the box’s starting height in lines (it grows with the text)',
  rulesButton: 'the label of the button that opens the rules dialog',
};

function optionRow(name: string, option: WidgetOption, declaration: WidgetDeclaration): string {
  const role = declaration.owns.includes(name)
    ? 'sibling field the widget writes'
    : declaration.follows.includes(name)
      ? 'sibling field the widget reads'
      : (optionNotes[name] ?? option.kind);
  const fallback = option.kind === 'number' ? String(option.default) : option.default;
  return `| \`${name}\` | ${option.kind} | ${fallback === '' ? '—' : `\`${fallback}\``} | ${role} |`;
}

function optionsTable(declaration: WidgetDeclaration): string {
  const rows = Object.entries(declaration.options).map(([name, option]) => optionRow(name, option, declaration));
  if (rows.length === 0) return 'No `ui:options`.';
  return ['| `ui:options` | kind | default | what it is |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The field and the siblings its field options name (their values in the step's uiSchema, else the defaults). */
function fieldsToWrite(step: StepFiles, name: string, declaration: WidgetDeclaration): string[] {
  const options = ((step.uiSchema[name] as Record<string, unknown> | undefined)?.['ui:options'] ?? {}) as Record<
    string,
    unknown
  >;
  const siblings = [...declaration.owns, ...declaration.follows].map((option) => {
    const value = options[option];
    const declared = declaration.options[option];
    return typeof value === 'string' ? value : declared?.kind === 'field' ? declared.default : '';
  });
  return [name, ...new Set(siblings.filter((sibling) => sibling !== '' && sibling !== name))];
}

function jsonBlock(value: unknown): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

/** The docs page's description of the widget a step's field `name` uses. */
export function widgetDocs(step: StepFiles, name: string, stepId: string, summary: string): string {
  const widget = (step.uiSchema[name] as { 'ui:widget'?: unknown } | undefined)?.['ui:widget'];
  const declaration = declarationOf(widget);
  if (!declaration) return summary;
  const fields = fieldsToWrite(step, name, declaration);
  const pick = (files: Record<string, unknown>) =>
    Object.fromEntries(fields.filter((field) => files[field] !== undefined).map((field) => [field, files[field]]));
  const required = (step.schema.required ?? []).filter((field) => fields.includes(field));
  const schema = { properties: pick(step.schema.properties ?? {}), ...(required.length ? { required } : {}) };
  return [
    `\`"ui:widget": "${String(widget)}"\` — ${summary}`,
    optionsTable(declaration),
    ...(declaration.verifies?.length
      ? [`A field using it may declare \`"verify": "${declaration.verifies.join('" | "')}"\` in its schema.`]
      : []),
    `To use it, as \`schemas/steps/${stepId}.schema.json\` has it (excerpt):`,
    jsonBlock(schema),
    `and \`schemas/steps/${stepId}.ui.json\` (excerpt):`,
    jsonBlock(pick(step.uiSchema)),
  ].join('\n\n');
}
