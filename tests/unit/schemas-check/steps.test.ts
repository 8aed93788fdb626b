// @vitest-environment node
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, editJson, only, problemsIn, removeCopies, writeText } from './helpers.js';

afterAll(removeCopies);

describe('wizard.json steps', () => {
  it('two steps on one route', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[2].route = '/pharmacy-info';
    });
    const problem = only(problemsIn(dir), 'duplicate-route');
    expect(problem).toMatchObject({ file: 'wizard.json', pointer: '/steps/2/route' });
    expect(problem.message).toContain('step 2 (/steps/1) already has');
  });

  it('two steps with one id', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[4].id = 'welcome';
    });
    expect(only(problemsIn(dir), 'duplicate-id')).toMatchObject({ file: 'wizard.json', pointer: '/steps/4/id' });
  });

  it('a step file wizard.json does not list (an orphan schema and uiSchema)', () => {
    const dir = copySchemas();
    writeText(
      dir,
      'steps/extra.schema.json',
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'steps/extra.schema.json',
        type: 'object',
        properties: {},
      }),
    );
    writeText(dir, 'steps/extra.ui.json', '{}');
    const problems = problemsIn(dir).filter((p) => p.code === 'unlisted-file');
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([
      ['steps/extra.schema.json', ''],
      ['steps/extra.ui.json', ''],
    ]);
    expect(problems[0].fix).toContain('"schema": "steps/extra.schema.json"');
  });

  it('a copied step schema keeps the original "$id": the copy is blamed, not the original', () => {
    const dir = copySchemas();
    cpSync(join(dir, 'steps/location.schema.json'), join(dir, 'steps/branch.schema.json'));
    const problems = problemsIn(dir);
    expect(only(problems, 'duplicate-id')).toMatchObject({
      file: 'steps/branch.schema.json',
      pointer: '/$id',
      fix: 'Write "$id": "steps/branch.schema.json".',
    });
    expect(only(problems, 'unlisted-file').file).toBe('steps/branch.schema.json');
  });

  it('a form step whose schema file is missing (with the nearest file suggested)', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[2].schema = 'steps/locaton.schema.json';
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'step-file-missing')).toMatchObject({
      file: 'wizard.json',
      pointer: '/steps/2/schema',
      message: expect.stringContaining('Did you mean "steps/location.schema.json"?'),
    });
  });

  it('a missing uiSchema file', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps[3].uiSchema = 'steps/managers.ui.json';
    });
    expect(only(problemsIn(dir), 'step-file-missing').pointer).toBe('/steps/3/uiSchema');
  });

  it('a step schema without "$id", and one whose "$id" is not its path', () => {
    const dir = copySchemas();
    editJson(dir, 'steps/manager.schema.json', (s) => {
      delete s.$id;
    });
    editJson(dir, 'steps/location.schema.json', (s) => {
      s.$id = 'location.schema.json';
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'id-missing')).toMatchObject({
      file: 'steps/manager.schema.json',
      fix: expect.stringContaining('"$id": "steps/manager.schema.json"'),
    });
    expect(problems.find((p) => p.code === 'id-path')).toMatchObject({
      file: 'steps/location.schema.json',
      pointer: '/$id',
    });
  });

  it('an empty content step, an English button, a content step without a way on, and two submit buttons', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (w) => {
      w.steps.splice(1, 0, {
        id: 'intro',
        route: '/intro',
        title: 'پیش از شروع',
        kind: 'content',
        buttons: { next: 'Next' },
      });
      w.steps.splice(2, 0, {
        id: 'notes',
        route: '/notes',
        title: 'نکته‌ها',
        kind: 'content',
        paragraphs: ['لطفاً با دقت بخوانید.'],
      });
      w.steps[3].buttons = { submit: 'ثبت' };
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'content-empty')).toMatchObject({ pointer: '/steps/1' });
    expect(only(problems, 'text-not-persian')).toMatchObject({ pointer: '/steps/1/buttons/next' });
    expect(only(problems, 'submit-count').message).toContain('2 steps have a "submit" button');
    expect(only(problems, 'step-buttons')).toMatchObject({
      pointer: '/steps/2',
      message: expect.stringContaining('no "next" button'),
    });
  });
});
