/**
 * The editor's completion from the project's own meta-schemas: what a product-staff member is
 * offered at a place of a file, typed or half typed, in a real CodeMirror state with the JSON parser.
 */
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  jsonSchemaCompletion,
  keyCompletions,
  valueCompletions,
} from '../../../src/client/staff/definition/json-completion.js';
import { metaSchemaFor } from '../../../src/client/staff/definition/meta-schemas.js';

/** Completes at the `|` of the text, as if Ctrl+Space were pressed there. */
function complete(file: string, textWithCursor: string): CompletionResult | null {
  const pos = textWithCursor.indexOf('|');
  const doc = textWithCursor.replace('|', '');
  const state = EditorState.create({ doc, extensions: [json()] });
  ensureSyntaxTree(state, doc.length, 5000);
  const meta = metaSchemaFor(file);
  if (!meta) throw new Error(`no meta-schema for ${file}`);
  return jsonSchemaCompletion(meta)(new CompletionContext(state, pos, true)) as CompletionResult | null;
}

const labels = (result: CompletionResult | null) =>
  result?.options.map((option) => option.displayLabel ?? option.label);

describe('completion from the meta-schemas', () => {
  it('offers a step the keys wizard.schema.json allows, without the ones it has', () => {
    const offered = labels(complete('wizard.json', '{ "steps": [ { "id": "contact", | } ] }'));
    expect(offered).toEqual(expect.arrayContaining(['route', 'title', 'kind', 'when', 'buttons']));
    expect(offered).not.toContain('id');
  });

  it('offers the kinds of step as values, quoted', () => {
    const offered = labels(complete('wizard.json', '{ "steps": [ { "kind": | } ] }'));
    expect(offered).toEqual(expect.arrayContaining(['"form"', '"content"', '"review"']));
  });

  it('completes a key being typed inside its quotes, and replaces the whole key', () => {
    const result = complete('steps/contact.schema.json', '{ "properties": { "landline": { "patt|ern": 1 } } }');
    expect(labels(result)).toContain('pattern');
    expect(result?.to).toBeGreaterThan(result?.from ?? 0);
  });

  it("offers a field the project's own keywords: errorMessage, normalize and the Iranian formats", () => {
    const field = '{ "properties": { "code": { "type": "string", | } } }';
    expect(labels(complete('steps/x.schema.json', field))).toEqual(
      expect.arrayContaining(['errorMessage', 'normalize', 'minLength', 'title']),
    );
    const meta = metaSchemaFor('steps/x.schema.json')!;
    expect(labels({ from: 0, options: valueCompletions(meta, ['properties', 'code', 'normalize']) })).toEqual([
      '"text"',
      '"digits"',
      '"mobile"',
      '"none"',
    ]);
    expect(labels({ from: 0, options: valueCompletions(meta, ['properties', 'code', 'format']) })).toEqual([
      '"ir-national-code"',
      '"ir-mobile"',
    ]);
  });

  it('offers a uiSchema field its settings, and the widgets the registry knows', () => {
    const meta = metaSchemaFor('steps/pharmacy-info.ui.json')!;
    const keys = keyCompletions(meta, ['name'], new Set()).map((option) => option.displayLabel);
    expect(keys).toEqual(expect.arrayContaining(['ui:widget', 'ui:placeholder', 'ui:help', 'ui:options']));
    const widgets = valueCompletions(meta, ['name', 'ui:widget']).map((option) => option.label);
    expect(widgets).toEqual(expect.arrayContaining(['"locationMap"', '"textarea"', '"radio"']));
  });

  it('offers register-config.json its keys from register-config.schema.json', () => {
    expect(labels(complete('register-config.json', '{ | }'))).toEqual(
      expect.arrayContaining(['tiers', 'defaultTier', 'map']),
    );
  });

  it('offers nothing outside JSON structure', () => {
    expect(complete('wizard.json', '|')).toBeNull();
  });
});
