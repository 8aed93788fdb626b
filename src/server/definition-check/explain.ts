/** Turns ajv's validation errors into plain sentences with a pointer and a fix. */
import type { ErrorObject } from 'ajv';
import { isObject, ptr } from '../../shared/definition/json.js';
import { didYouMean, list, quote } from './text.js';

export interface Explained {
  pointer: string;
  message: string;
  fix: string;
}

/** Plain words for the patterns our meta-schemas use. */
const patternWords: Record<string, string> = {
  '^/[a-z0-9-]+$': 'a path such as "/pharmacy-info": a slash, then small English letters, digits or dashes',
  '^[a-z][a-z0-9-]*$': 'small English letters, digits and dashes, starting with a letter (e.g. "pharmacy-info")',
  '^(/[^/]+)+$': 'a JSON pointer such as "/adminData/firstName"',
  '\\.schema\\.json$': 'a file name ending in ".schema.json"',
  '\\.ui\\.json$': 'a file name ending in ".ui.json"',
  '^[a-z][a-z0-9-]*/[A-Za-z][A-Za-z0-9_]*$': '"stepId/fieldName", e.g. "manager/firstName"',
  '^https?://': 'a web address starting with http:// or https://',
};

const typeWords: Record<string, string> = {
  string: 'a text in double quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object { … }',
  array: 'a list [ … ]',
  null: 'null',
};

function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => typeWords[String(t)] ?? String(t)).join(' or ');
}

function describePattern(pattern: string): string {
  return patternWords[pattern] ?? `text matching the pattern ${pattern}`;
}

/** One ajv error with what its explanation reads: where it is, its parameters, the schema that refused. */
interface Refusal {
  error: ErrorObject;
  at: string;
  params: Record<string, unknown>;
  parent: Record<string, unknown>;
  description: string;
}

type Explainer = (refusal: Refusal) => Explained | undefined;

const outOfRange: Explainer = ({ at, error }) => ({
  pointer: at,
  message: `The number ${error.message ?? 'is out of range'}.`,
  fix: 'Change the number.',
});

const noneOfTheForms: Explainer = ({ at, error, parent }) => {
  const branches = Array.isArray(parent[error.keyword]) ? (parent[error.keyword] as unknown[]) : [];
  const forms = branches
    .filter(isObject)
    .map((branch) =>
      typeof branch.pattern === 'string' ? describePattern(branch.pattern) : describeType(branch.type),
    );
  return {
    pointer: at,
    message: `The value has none of the allowed forms: ${forms.join('; or ')}.`,
    fix: 'Rewrite it in one of those forms.',
  };
};

/** Explained by the error that comes with it. */
const saidElsewhere: Explainer = () => undefined;

const explainers: Record<string, Explainer> = {
  propertyNames: saidElsewhere,
  if: saidElsewhere,
  required: ({ at, params }) => {
    const missing = String(params.missingProperty);
    return {
      pointer: at,
      message: `${at ? 'This object' : 'The file'} is missing "${missing}", which is required here.`,
      fix: `Add "${missing}": … ${at ? 'to it' : 'at the top level'}.`,
    };
  },
  additionalProperties: ({ at, params, parent }) => {
    const extra = String(params.additionalProperty);
    const allowed = isObject(parent.properties) ? Object.keys(parent.properties) : [];
    return {
      pointer: ptr(at, extra),
      message: `"${extra}" is not allowed here.${didYouMean(extra, allowed)}`,
      fix: allowed.length ? `Remove or rename it; allowed here: ${list(allowed)}.` : 'Remove it.',
    };
  },
  type: ({ at, params }) => ({
    pointer: at,
    message: `The value must be ${describeType(params.type)}.`,
    fix: `Write ${describeType(params.type)} here.`,
  }),
  enum: ({ at, params }) => ({
    pointer: at,
    message: `The value must be one of ${list(params.allowedValues as unknown[])}.`,
    fix: `Use one of ${list(params.allowedValues as unknown[])}.`,
  }),
  const: ({ at, params }) => ({
    pointer: at,
    message: `The value must be ${quote(params.allowedValue)}.`,
    fix: `Write ${quote(params.allowedValue)}.`,
  }),
  pattern: ({ at, params, description }) => ({
    pointer: at,
    message: `The value must be ${describePattern(String(params.pattern))}${description}.`,
    fix: `Rewrite it as ${describePattern(String(params.pattern))}.`,
  }),
  minLength: ({ at, params }) =>
    Number(params.limit) <= 1
      ? { pointer: at, message: 'The text is empty.', fix: 'Write the text, or remove the entry.' }
      : {
          pointer: at,
          message: `The text is shorter than ${String(params.limit)} characters.`,
          fix: 'Write a longer text.',
        },
  minItems: ({ at, params }) => ({
    pointer: at,
    message: `The list needs at least ${String(params.limit)} item(s).`,
    fix: 'Add items to the list.',
  }),
  uniqueItems: ({ at, params }) => ({
    pointer: at,
    message: `The list has the same item twice (items ${String(params.j)} and ${String(params.i)}, counting from 0).`,
    fix: 'Remove the repeated item.',
  }),
  minimum: outOfRange,
  maximum: outOfRange,
  exclusiveMinimum: outOfRange,
  exclusiveMaximum: outOfRange,
  oneOf: noneOfTheForms,
  anyOf: noneOfTheForms,
};

/** A key of an object not written as the schema's `propertyNames` asks. */
function explainKey({ error, at, params }: Refusal, key: string): Explained {
  const rule =
    error.keyword === 'pattern' ? describePattern(String(params.pattern)) : (error.message ?? 'the allowed form');
  return {
    pointer: ptr(at, key),
    message: `The key "${key}" is not written as ${rule}.`,
    fix: `Rename the key to the form ${rule}.`,
  };
}

/** `what` names the thing at the pointer, e.g. 'The value' or 'Key "x"'. */
export function explainAjvError(error: ErrorObject): Explained | undefined {
  const parent = isObject(error.parentSchema) ? error.parentSchema : {};
  const refusal: Refusal = {
    error,
    at: error.instancePath,
    params: error.params as Record<string, unknown>,
    parent,
    description: typeof parent.description === 'string' ? ` (${parent.description})` : '',
  };
  if (error.propertyName !== undefined && error.keyword !== 'propertyNames')
    return explainKey(refusal, error.propertyName);
  const explain = Object.hasOwn(explainers, error.keyword) ? explainers[error.keyword] : undefined;
  if (explain) return explain(refusal);
  return {
    pointer: refusal.at,
    message: `The value is not allowed here: it ${error.message ?? 'breaks a rule'} ("${error.keyword}").`,
    fix: 'Change the value as the rule says.',
  };
}

/**
 * All errors of one validation, explained, one per pointer and kind. Errors from inside oneOf/anyOf
 * branches are dropped when the oneOf/anyOf itself is reported, so each mistake is said once.
 */
export function explainAll(errors: readonly ErrorObject[]): Explained[] {
  const alternatives = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  const kept = errors.filter(
    (e) =>
      e.keyword === 'oneOf' ||
      e.keyword === 'anyOf' ||
      !alternatives.some(
        (alt) =>
          e.instancePath === alt.instancePath &&
          e.schemaPath.startsWith(alt.schemaPath.replace(/\/(oneOf|anyOf)$/, '') + '/' + alt.keyword + '/'),
      ),
  );
  const seen = new Set<string>();
  const out: Explained[] = [];
  for (const error of kept) {
    const explained = explainAjvError(error);
    if (!explained) continue;
    const key = `${explained.pointer}\u0000${explained.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(explained);
  }
  return out;
}
