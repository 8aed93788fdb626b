/**
 * What staff and key holders read: each step's reach, completion and median time, each field's
 * errors per rule (worded by the version's own messages), corrections, server refusals and the
 * managers lost there; and, for two versions, each rate side by side with its 95 % interval.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Definition } from '../definition/definition.js';
import { listPublications } from '../definition/definition.repository.js';
import { REFUSAL_REASONS } from '../../shared/contracts/insights.js';
import type {
  FieldComparison,
  FieldInsight,
  InsightsAnswer,
  InsightsComparison,
  StepInsight,
  VersionInsights,
} from '../../shared/contracts/insights.schemas.js';
import { compareRates, medianOfBuckets } from '../../shared/insights/stats.js';
import { catalogueOf, ruleMessage, type Catalogue, type StepEntry } from './catalogue.js';
import type { InsightsQuery } from './insights.schemas.js';
import { countedVersions, readCounts, readRefusals, type SummedCount } from './insights.repository.js';

export interface ReportDeps {
  db: Kysely<Database>;
  live: () => Definition;
  byVersion: (version: string) => Promise<Definition | undefined>;
}

/** Counts of one version, looked up by measure, step, field and rule. */
class Tally {
  private readonly sums = new Map<string, number>();
  readonly places: Array<{ step: string; field: string }> = [];
  /** Steps counted, in the order first met. */
  readonly steps: string[] = [];

  constructor(rows: readonly SummedCount[]) {
    const seen = new Set<string>();
    for (const row of rows) {
      if (row.step !== '' && !this.steps.includes(row.step)) this.steps.push(row.step);
      this.sums.set(this.key(row.measure, row.step, row.field, row.rule), row.n);
      const place = `${row.step}\u0000${row.field}`;
      if (row.field !== '' && !seen.has(place)) {
        seen.add(place);
        this.places.push({ step: row.step, field: row.field });
      }
    }
  }

  private key(measure: string, step: string, field: string, rule: string): string {
    return [measure, step, field, rule].join('\u0000');
  }

  get(measure: string, step = '', field = '', rule = ''): number {
    return this.sums.get(this.key(measure, step, field, rule)) ?? 0;
  }

  rulesOf(step: string, field: string, rows: readonly SummedCount[]): string[] {
    return rows
      .filter((row) => row.measure === 'invalid' && row.step === step && row.field === field)
      .map((row) => row.rule);
  }

  bucketsOf(step: string, rows: readonly SummedCount[]): Record<string, number> {
    const buckets: Record<string, number> = {};
    for (const row of rows) if (row.measure === 'time' && row.step === step) buckets[row.rule] = row.n;
    return buckets;
  }
}

const share = (count: number, total: number): number | null => (total > 0 ? count / total : null);

/** Every step of the catalogue, then any other that was counted (a version that no longer loads). */
function stepInsights(catalogue: Catalogue, tally: Tally, rows: readonly SummedCount[]): StepInsight[] {
  const steps = [...catalogue.keys(), ...tally.steps.filter((step) => !catalogue.has(step))];
  return steps.map((step) => {
    const reached = tally.get('reached', step);
    const completed = tally.get('completed', step);
    return {
      step,
      title: catalogue.get(step)?.title ?? step,
      reached,
      completed,
      completionRate: share(completed, reached),
      medianSeconds: medianOfBuckets(tally.bucketsOf(step, rows)),
    };
  });
}

/** Every field of the catalogue, and any other that was counted (a version that no longer loads). */
function fieldPlaces(catalogue: Catalogue, tally: Tally): Array<{ step: string; field: string }> {
  const places = [...catalogue.entries()].flatMap(([step, entry]) =>
    [...entry.fields.keys()].map((field) => ({ step, field })),
  );
  const known = new Set(places.map((place) => `${place.step}\u0000${place.field}`));
  return [...places, ...tally.places.filter((place) => !known.has(`${place.step}\u0000${place.field}`))];
}

function fieldInsights(catalogue: Catalogue, tally: Tally, rows: readonly SummedCount[]): FieldInsight[] {
  const fields = fieldPlaces(catalogue, tally).map(({ step, field }): FieldInsight => {
    const entry = catalogue.get(step)?.fields.get(field);
    const reached = tally.get('reached', step);
    const abandoned = tally.get('abandoned', step, field);
    return {
      step,
      field,
      title: entry?.title ?? field,
      touched: tally.get('touched', step, field),
      rules: tally.rulesOf(step, field, rows).map((rule) => {
        const count = tally.get('invalid', step, field, rule);
        return { rule, message: ruleMessage(entry, rule), count, share: share(count, reached) };
      }),
      corrected: tally.get('corrected', step, field),
      refused: tally.get('server_refused', step, field),
      abandoned,
      abandonedShare: share(abandoned, reached),
    };
  });
  const errors = (field: FieldInsight) => field.rules.reduce((sum, rule) => sum + rule.count, 0) + field.refused;
  // Stable: fields equally lost keep the form's order.
  return fields.sort((a, b) => b.abandoned - a.abandoned || errors(b) - errors(a));
}

function versionInsights(version: string, definition: Definition | undefined, rows: SummedCount[]): VersionInsights {
  const own = rows.filter((row) => row.definition_version === version);
  const catalogue: Catalogue = definition ? catalogueOf(definition.wizard) : new Map<string, StepEntry>();
  const tally = new Tally(own);
  const first = definition?.wizard.steps[0]?.id ?? '';
  return {
    version,
    visits: tally.get('reached', first),
    registered: tally.get('registered'),
    steps: stepInsights(catalogue, tally, own),
    fields: fieldInsights(catalogue, tally, own),
  };
}

/** Each rate of the first version beside the second's; a step or field only one has is compared against nobody. */
export function compareVersions(first: VersionInsights, second: VersionInsights): InsightsComparison {
  const stepOf = (insights: VersionInsights, step: string) => insights.steps.find((entry) => entry.step === step);
  const steps = first.steps
    .filter((step) => stepOf(second, step.step))
    .map((step) => {
      const other = stepOf(second, step.step)!;
      return {
        step: step.step,
        completionRate: compareRates(
          { count: step.completed, total: step.reached },
          { count: other.completed, total: other.reached },
        ),
      };
    });
  const reachedOf = (insights: VersionInsights, step: string) => stepOf(insights, step)?.reached ?? 0;
  const fieldOf = (insights: VersionInsights, step: string, field: string) =>
    insights.fields.find((entry) => entry.step === step && entry.field === field);
  const fields = first.fields.map((field): FieldComparison => {
    const other = fieldOf(second, field.step, field.field);
    const [total1, total2] = [reachedOf(first, field.step), reachedOf(second, field.step)];
    const rules = [...new Set([...field.rules, ...(other?.rules ?? [])].map((rule) => rule.rule))];
    const countOf = (insight: FieldInsight | undefined, rule: string) =>
      insight?.rules.find((entry) => entry.rule === rule)?.count ?? 0;
    return {
      step: field.step,
      field: field.field,
      rules: rules.map((rule) => ({
        rule,
        share: compareRates(
          { count: countOf(field, rule), total: total1 },
          { count: countOf(other, rule), total: total2 },
        ),
      })),
      abandonedShare: compareRates(
        { count: field.abandoned, total: total1 },
        { count: other?.abandoned ?? 0, total: total2 },
      ),
    };
  });
  return { steps, fields };
}

/** Every published version, in the order first published, then any other with counts. */
async function orderedVersions(db: Kysely<Database>): Promise<string[]> {
  const [counted, publications] = await Promise.all([countedVersions(db), listPublications(db)]);
  const published = [...new Set(publications.map((entry) => entry.version))];
  return [...published, ...counted.filter((version) => !published.includes(version)).sort()];
}

export async function readInsights(deps: ReportDeps, query: InsightsQuery): Promise<InsightsAnswer> {
  const firstVersion = query.version ?? deps.live().version;
  const secondVersion = query.compare !== undefined && query.compare !== firstVersion ? query.compare : undefined;
  const wanted = secondVersion === undefined ? [firstVersion] : [firstVersion, secondVersion];
  const period = { from: query.from, to: query.to };
  const [versions, rows, refusals, definitions] = await Promise.all([
    orderedVersions(deps.db),
    readCounts(deps.db, { versions: wanted, ...period }),
    readRefusals(deps.db, period),
    Promise.all(wanted.map((version) => deps.byVersion(version))),
  ]);
  const first = versionInsights(firstVersion, definitions[0], rows);
  const second = secondVersion === undefined ? null : versionInsights(secondVersion, definitions[1], rows);
  const refused: InsightsAnswer['refused'] = {};
  for (const { reason, n } of refusals)
    if ((REFUSAL_REASONS as readonly string[]).includes(reason)) refused[reason as keyof typeof refused] = n;
  return {
    versions,
    first,
    second,
    comparison: second ? compareVersions(first, second) : null,
    refused,
  };
}
