/**
 * The figures beside the draft's diff: each changed field's error and abandonment shares in the
 * live version and the one published before it, found from the change's JSON pointer.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changedFieldFigures,
  fieldOfChange,
  previousVersion,
} from '../../../src/client/staff/definition/changed-field-figures.js';
import { PublishPanel } from '../../../src/client/staff/definition/components/PublishPanel.js';
import { sampleDiff } from '../../../src/client/staff/definition/definition-fixtures.js';
import type { DefinitionChange } from '../../../src/client/staff/definition/api/definition-api.js';
import {
  fixtureVersions,
  oneVersion,
  twoVersionsCompared,
} from '../../../src/client/staff/insights/insights-fixtures.js';
import { faConsole } from '../../../src/shared/text/console-strings.fa.js';
import { fill } from '../../../src/shared/text/persian.js';
import type { InsightsAnswer } from '../../../src/shared/contracts/insights.schemas.js';

const change = (subject: DefinitionChange['subject'], pointer: string): DefinitionChange => ({
  kind: 'changed',
  subject,
  file: 'steps/manager.schema.json',
  pointer,
  words: 'تغییر',
});

/** The first fixture version is live and the second was published before it. */
const liveAfterPrevious: InsightsAnswer = {
  ...twoVersionsCompared,
  versions: [fixtureVersions.second, fixtureVersions.first],
};

const percent = new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 1 });

describe('the changed fields’ figures', () => {
  afterEach(cleanup);

  it('names the field of a change by the last properties segment of its pointer', () => {
    expect(fieldOfChange(change('field', '/properties/name/title'))).toBe('name');
    expect(fieldOfChange(change('option', '/properties/service/oneOf/14'))).toBe('service');
    expect(fieldOfChange(change('rule', '/allOf/0/then/properties/branch/pattern'))).toBe('branch');
    expect(fieldOfChange(change('field', '/properties/a~1b'))).toBe('a/b');
    expect(fieldOfChange(change('field', ''))).toBeUndefined();
    expect(fieldOfChange(change('step', '/properties/name'))).toBeUndefined();
  });

  it('takes the version published before the live one', () => {
    expect(previousVersion(liveAfterPrevious)).toBe(fixtureVersions.second);
    expect(previousVersion(oneVersion)).toBeUndefined();
  });

  it('gives each changed field once, live beside previous, and leaves out fields nobody was counted in or reached', () => {
    const rows = changedFieldFigures(
      [
        change('rule', '/properties/nationalCode/pattern'),
        change('field', '/properties/nationalCode/title'),
        change('field', '/properties/address/title'),
        change('field', '/properties/neverCounted'),
      ],
      liveAfterPrevious,
    );
    expect(rows.map((row) => row.field)).toEqual(['nationalCode', 'address']);
    const live = liveAfterPrevious.first.fields.find((field) => field.field === 'nationalCode')!;
    const before = liveAfterPrevious.second!.fields.find((field) => field.field === 'nationalCode')!;
    const reachedLive = liveAfterPrevious.first.steps.find((step) => step.step === 'manager')!.reached;
    const reachedBefore = liveAfterPrevious.second!.steps.find((step) => step.step === 'manager')!.reached;
    expect(rows[0]).toMatchObject({
      step: 'manager',
      stepTitle: 'اطلاعات مؤسسه',
      title: 'کد ملی',
      live: { errorShare: live.rules[0].count / reachedLive, abandonedShare: live.abandonedShare },
      previous: { errorShare: before.rules[0].count / reachedBefore, abandonedShare: before.abandonedShare },
    });
    expect(changedFieldFigures([change('field', '/properties/address')], oneVersion)[0].previous).toBeNull();
    const unreached = structuredClone(oneVersion);
    for (const step of unreached.first.steps) step.reached = 0;
    for (const field of unreached.first.fields) field.abandonedShare = null;
    expect(changedFieldFigures([change('field', '/properties/address')], unreached)).toEqual([]);
  });

  it('is shown under the changes as a table with both versions', () => {
    const figures = changedFieldFigures([change('field', '/properties/nationalCode/title')], liveAfterPrevious);
    render(
      <PublishPanel
        problemCount={0}
        saved
        diff={sampleDiff}
        fieldFigures={{ figures, live: fixtureVersions.first, previous: fixtureVersions.second }}
        onPublish={async () => 'v'}
      />,
    );
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      faConsole.editor.publish.figuresField,
      faConsole.editor.publish.figuresErrorsBefore,
      faConsole.editor.publish.figuresErrorsLive,
      faConsole.editor.publish.figuresAbandonedBefore,
      faConsole.editor.publish.figuresAbandonedLive,
    ]);
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      percent.format(figures[0].previous!.errorShare!),
      percent.format(figures[0].live.errorShare!),
      percent.format(figures[0].previous!.abandonedShare!),
      percent.format(figures[0].live.abandonedShare!),
    ]);
    expect(within(table).getByRole('rowheader').textContent).toBe('کد ملی (اطلاعات مؤسسه)');
  });

  it('with no previous version shows the live one alone, and says so', () => {
    const figures = changedFieldFigures([change('field', '/properties/address')], oneVersion);
    render(
      <PublishPanel
        problemCount={0}
        saved
        diff={sampleDiff}
        fieldFigures={{ figures, live: fixtureVersions.first }}
        onPublish={async () => 'v'}
      />,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(
      screen.getByText(fill(faConsole.editor.publish.figuresIntroAlone, { live: fixtureVersions.first })),
    ).toBeTruthy();
  });
});
