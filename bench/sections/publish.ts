// A changed version is published through the staff API, as an editor in the browser
// would, before the wizard is measured; the rest of the benchmark then measures that version.
// publishMs: the publish call (the checker, the validators and every step's page, then the switch);
// propagationMs: from its answer until a second server process on the same database sends the new
// version's page.
import { join } from 'node:path';
import { definitionStaffPaths } from '../../src/shared/contracts/definition.js';
import type { DraftAnswer, DraftSaved, PublishAnswer } from '../../src/shared/contracts/definition.schemas.js';
import { send } from '../lib/http.js';
import type { ServerProcess } from '../lib/processes.js';
import { signInStaff, staffCall, type StaffAccount } from '../lib/staff.js';
import { round } from '../lib/util.js';

const EDITOR: StaffAccount = { email: 'editor@bench.invalid', role: 'editor', password: 'bench-editor-password-1' };
/** The field the published version adds (optional, posted with the registration). */
export const NEW_FIELD = { step: 'pharmacy-info', name: 'licenceNumber', title: 'شماره پروانه داروخانه' };

export interface PublishSection {
  version: string;
  previousVersion: string;
  publishMs: number;
  propagationMs: number;
  /** How often the second process was asked (every 25 ms) before it sent the new page. */
  propagationPolls: number;
  change: string;
}

/** The draft's files with one more optional text field on the pharmacy step, posted with the registration. */
function withNewField(files: Record<string, unknown>): Record<string, unknown> {
  const changed = structuredClone(files) as Record<string, Record<string, unknown>>;
  const schemaFile = `steps/${NEW_FIELD.step}.schema.json`;
  const schema = changed[schemaFile] as { properties: Record<string, unknown> };
  schema.properties[NEW_FIELD.name] = { type: 'string', title: NEW_FIELD.title, maxLength: 20 };
  const ui = changed[`steps/${NEW_FIELD.step}.ui.json`] as { 'ui:order'?: string[] };
  if (ui['ui:order']) ui['ui:order'].splice(1, 0, NEW_FIELD.name);
  const registration = changed['registration.schema.json'] as { properties: Record<string, unknown> };
  registration.properties[NEW_FIELD.name] = { $ref: `${schemaFile}#/properties/${NEW_FIELD.name}` };
  return changed;
}

async function liveVersionOf(url: string): Promise<string> {
  const answer = await send(`${url}/api/Register/Config`, { headers: { accept: 'application/json' } });
  return (JSON.parse(answer.body) as { definitionVersion: string }).definitionVersion;
}

/** Publishes the changed draft on `app` and waits until `second` sends the new version's page. */
export async function publishSection(app: ServerProcess, second: ServerProcess): Promise<PublishSection> {
  const staff = await signInStaff(app.url, join(app.dir, 'app.db'), EDITOR);
  const previousVersion = await liveVersionOf(app.url);
  const draft = await staffCall<DraftAnswer>(app.url, staff, 'GET', definitionStaffPaths.draft);
  const saved = await staffCall<DraftSaved>(app.url, staff, 'PUT', definitionStaffPaths.draft, {
    revision: draft.revision,
    files: withNewField(draft.files),
  });
  const errors = saved.problems.filter((problem) => problem.level === 'error');
  if (errors.length > 0) throw new Error(`the changed draft has problems: ${JSON.stringify(errors)}`);
  const started = performance.now();
  const published = await staffCall<PublishAnswer>(app.url, staff, 'POST', definitionStaffPaths.publish, {
    note: 'benchmark: one new field',
  });
  const publishMs = performance.now() - started;
  const served = performance.now();
  const pageOfVersion = `/api/definition/${published.version}/definition.json`;
  let polls = 0;
  for (;;) {
    polls += 1;
    const page = await send(`${second.url}/welcome`);
    if (page.status === 200 && page.body.includes(pageOfVersion)) break;
    if (performance.now() - served > 30_000)
      throw new Error('the second process did not serve the new version within 30 s');
    await new Promise((done) => setTimeout(done, 25));
  }
  const propagationMs = performance.now() - served;
  if ((await liveVersionOf(app.url)) !== published.version)
    throw new Error('the publishing process does not serve its version');
  return {
    version: published.version,
    previousVersion,
    publishMs: round(publishMs, 0),
    propagationMs: round(propagationMs, 0),
    propagationPolls: polls,
    change: `one optional field «${NEW_FIELD.title}» on ${NEW_FIELD.step}`,
  };
}
