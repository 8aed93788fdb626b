import { fa } from '../../shared/strings.fa.js';

/** The part of a JSON Schema node the console reads: titles and titled options. */
export interface SchemaNode {
  title?: string;
  type?: string | string[];
  oneOf?: Array<{ const?: unknown; title?: string }>;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
}

export interface Answer {
  path: string;
  title: string;
  value: string;
}

/**
 * Every answer of a registration with its Persian title and display value, read with the schema it
 * was submitted under: a field added later simply is not in an old payload, and a field since
 * removed still shows (under its key when no title is known).
 */
export function titledAnswers(payload: Record<string, unknown>, schema: SchemaNode | undefined, prefix = ''): Answer[] {
  const answers: Answer[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const node = schema?.properties?.[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      answers.push(...titledAnswers(value as Record<string, unknown>, node, path));
      continue;
    }
    answers.push({ path, title: node?.title ?? path, value: display(value, node) });
  }
  return answers;
}

function display(value: unknown, node: SchemaNode | undefined): string {
  const option = node?.oneOf?.find((candidate) => candidate.const === value);
  if (option?.title) return option.title;
  if (typeof value === 'boolean') return value ? fa.staff.yes : fa.staff.no;
  if (Array.isArray(value)) return value.map((item) => display(item, undefined)).join('، ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
