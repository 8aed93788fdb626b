/**
 * The staff API of the wizard's definition (src/shared/contracts/definition.ts):
 * versions, the draft, publish, rollback and the diff read before publishing. Roles editor and admin.
 * Beside the diff, the form's behaviour (/api/staff/insights) of the live and the previous version.
 */
import { request } from '../../../api/http.js';
import { insightsPaths } from '../../../../shared/contracts/insights.js';
import type { InsightsAnswer } from '../../../../shared/contracts/insights.schemas.js';
import { withQuery } from '../../ui/api/staff-paths.js';
import { definitionStaffPaths } from '../../../../shared/contracts/definition.js';
import type {
  DefinitionChange,
  DefinitionDiff,
  DefinitionProblem,
  DefinitionVersionSummary,
  DraftAnswer,
  DraftSaved,
  PublishAnswer,
  PublishRequest,
  PreviewTokenAnswer,
} from '../../../../shared/contracts/definition.schemas.js';
import type { DefinitionFiles, DefinitionTexts } from '../../../../shared/definition/definition-files.js';
import { definitionAssetPaths } from '../../../../shared/definition/definition-assets.js';

export type { DefinitionChange, DefinitionDiff, DefinitionProblem, DefinitionVersionSummary, DraftAnswer, DraftSaved };
export type { DefinitionFiles, DefinitionTexts };

export const definitionApi = {
  versions: (signal?: AbortSignal) => request<DefinitionVersionSummary[]>(definitionStaffPaths.versions, { signal }),
  draft: (signal?: AbortSignal) => request<DraftAnswer>(definitionStaffPaths.draft, { signal }),
  saveDraft: (revision: number, files: DefinitionFiles, texts: DefinitionTexts) =>
    request<DraftSaved>(definitionStaffPaths.draft, { method: 'PUT', body: { revision, files, texts } }),
  diff: (signal?: AbortSignal) => request<DefinitionDiff>(definitionStaffPaths.diff, { signal }),
  insights: (params: URLSearchParams, signal?: AbortSignal) =>
    request<InsightsAnswer>(withQuery(insightsPaths.staff, params), { signal }),
  previewToken: (revision: number, signal?: AbortSignal) =>
    request<PreviewTokenAnswer>(`${definitionAssetPaths.previewToken}?revision=${revision}`, { signal }),
  publish: (note: string) =>
    request<PublishAnswer>(definitionStaffPaths.publish, { method: 'POST', body: { note } satisfies PublishRequest }),
  rollback: (version: string, note: string) =>
    request<PublishAnswer>(definitionStaffPaths.rollback, { method: 'POST', body: { version, note } }),
};
