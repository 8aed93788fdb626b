// What the benchmark needs to know about the wizard, read from the same files the product reads:
// the steps and their routes (schemas/wizard.json), field titles (the step schemas), a valid
// province and city (the locations seed), and the shape of the draft the client keeps in
// sessionStorage (src/client/state/wizard-store.tsx) — so a later step can be opened directly with
// the earlier steps filled in, as after filling them by hand in the same tab.
import { storageKeyFor } from '../../src/client/state/version-drafts.js';
import type { WizardState } from '../../src/client/state/wizard-storage.js';
import { fromRoot, readJson } from './util.js';

export interface StepDefinition {
  id: string;
  route: string;
  title: string;
  kind: 'content' | 'form';
  schema?: string;
}

export const wizard = readJson<{ steps: StepDefinition[] }>(fromRoot('schemas', 'wizard.json'));

export const formSteps = wizard.steps.filter((step) => step.kind === 'form');

/** The Persian title of a field, as the form labels it. */
export function fieldTitle(stepId: string, field: string): string {
  const step = wizard.steps.find((candidate) => candidate.id === stepId);
  if (!step?.schema) throw new Error(`no form step ${stepId} in schemas/wizard.json`);
  const schema = readJson<{ properties: Record<string, { title?: string }> }>(fromRoot('schemas', step.schema));
  const title = schema.properties[field]?.title;
  if (!title) throw new Error(`field ${field} of ${stepId} has no title`);
  return title;
}

interface Seed {
  provinces: Array<{ id: number; name: string; latitude: number; longitude: number }>;
  cities: Array<{ id: number; name: string; provinceId: number; latitude: number; longitude: number }>;
}

function validDrafts(): Record<string, Record<string, unknown>> {
  const locations = readJson<Seed>(fromRoot('src', 'server', 'locations', 'iran-locations.json'));
  const city = locations.cities.find((candidate) => candidate.name === 'تهران') ?? locations.cities[0];
  return {
    'pharmacy-info': { name: 'داروخانه دکتر رازی', type: 2, service: 1, hasDavajoo: false },
    location: {
      selectedState: city.provinceId,
      cityId: city.id,
      address: 'خیابان ولیعصر، کوچه بهار، پلاک ۱۲',
      latitude: city.latitude,
      longitude: city.longitude,
    },
    manager: {},
  };
}

/**
 * sessionStorage entries that make every form step before `route` complete (its draft filled and
 * its Continue passed) in `version` of the definition (drafts are kept per version), so the wizard
 * opens `route` instead of sending the visitor back.
 */
export function draftSeed(route: string, version: string): Record<string, string> {
  const index = wizard.steps.findIndex((step) => step.route === route);
  if (index < 0) throw new Error(`no step on route ${route} in schemas/wizard.json`);
  const earlier = wizard.steps.slice(0, index).filter((step) => step.kind === 'form');
  const drafts = validDrafts();
  const state: WizardState = {
    drafts: Object.fromEntries(earlier.map((step) => [step.id, drafts[step.id] ?? {}])),
    completed: earlier.map((step) => step.id),
    serverErrors: {},
  };
  return { [storageKeyFor(version)]: JSON.stringify(state) };
}
