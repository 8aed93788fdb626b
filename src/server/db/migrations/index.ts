import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Dialect } from '../dialect.js';
import * as registrations from './001_registrations.js';
import * as captchas from './002_captchas.js';
import * as idempotencyKeys from './003_idempotency_keys.js';
import * as visitCounts from './004_visit_counts.js';
import * as staff from './005_staff.js';
import * as caseWork from './006_case_work.js';
import * as definitionVersions from './007_definition_versions.js';
import * as registrationLookups from './008_registration_lookups.js';
import * as stepCounts from './009_step_counts.js';
import * as listFilters from './010_list_filters.js';
import * as nameSearch from './011_name_search.js';
import * as caseAssignment from './012_case_assignment.js';
import * as definitionPublishing from './013_definition_publishing.js';
import * as applicantFollowup from './014_applicant_followup.js';
import * as codeProofs from './015_code_proofs.js';
import * as webhooks from './016_webhooks.js';
import * as apiKeys from './017_api_keys.js';
import * as throttle from './018_throttle.js';
import * as draftProblems from './019_draft_problems.js';
import * as outboxAge from './020_outbox_age.js';
import * as insights from './021_insights.js';
import * as insightMonths from './022_insight_months.js';

/**
 * Migrations listed in code rather than read from a folder, so tsx and the compiled dist/ run the
 * same list; a migration that differs by dialect takes the dialect.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001_registrations': { up: registrations.up(dialect) },
    '002_captchas': { up: captchas.up },
    '003_idempotency_keys': { up: idempotencyKeys.up },
    '004_visit_counts': { up: visitCounts.up },
    '005_staff': { up: staff.up(dialect) },
    '006_case_work': { up: caseWork.up(dialect) },
    '007_definition_versions': { up: definitionVersions.up },
    '008_registration_lookups': { up: registrationLookups.up },
    '009_step_counts': { up: stepCounts.up },
    '010_list_filters': { up: listFilters.up },
    '011_name_search': { up: nameSearch.up(dialect) },
    '012_case_assignment': { up: caseAssignment.up(dialect) },
    '013_definition_publishing': { up: definitionPublishing.up(dialect) },
    '014_applicant_followup': { up: applicantFollowup.up(dialect) },
    '015_code_proofs': { up: codeProofs.up },
    '016_webhooks': { up: webhooks.up(dialect) },
    '017_api_keys': { up: apiKeys.up(dialect) },
    '018_throttle': { up: throttle.up(dialect) },
    '019_draft_problems': { up: draftProblems.up },
    '020_outbox_age': { up: outboxAge.up },
    '021_insights': { up: insights.up },
    '022_insight_months': { up: insightMonths.up },
  };
  return { getMigrations: async () => migrations };
}
