/**
 * One React Query hook per call of the definition API (api/definition-api.ts), with the request's
 * signal: an answer left behind is cancelled, as everywhere in the console.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { definitionApi, type DefinitionFiles, type DefinitionTexts } from '../api/definition-api.js';
import { previousVersion } from '../changed-field-figures.js';
import { staffKeys } from '../../ui/query-keys.js';

export const definitionKeys = {
  all: ['definition'] as const,
  draft: ['definition', 'draft'] as const,
  versions: ['definition', 'versions'] as const,
  diff: ['definition', 'diff'] as const,
  previewToken: (revision: number, load: number) => ['definition', 'preview-token', revision, load] as const,
};

/** The draft as stored; read once and on reload (the editor owns the texts in between). */
export function useDraftQuery() {
  return useQuery({
    queryKey: definitionKeys.draft,
    queryFn: ({ signal }) => definitionApi.draft(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useSaveDraft() {
  return useMutation({
    mutationFn: ({ revision, files, texts }: { revision: number; files: DefinitionFiles; texts: DefinitionTexts }) =>
      definitionApi.saveDraft(revision, files, texts),
  });
}

export function useVersions() {
  return useQuery({ queryKey: definitionKeys.versions, queryFn: ({ signal }) => definitionApi.versions(signal) });
}

export function useDefinitionDiff(enabled: boolean) {
  return useQuery({
    queryKey: definitionKeys.diff,
    queryFn: ({ signal }) => definitionApi.diff(signal),
    enabled,
    staleTime: 0,
  });
}

/**
 * The live version's behaviour beside the previous version's, for the figures next to the diff:
 * the live one's answer names the versions, then both are asked for together (the same keys as
 * the insights screen's, so either screen's answer serves the other).
 */
export function useLiveAgainstPrevious(enabled: boolean) {
  const live = useQuery({
    queryKey: staffKeys.insights(''),
    queryFn: ({ signal }) => definitionApi.insights(new URLSearchParams(), signal),
    enabled,
  });
  const previous = live.data ? previousVersion(live.data) : undefined;
  const params = new URLSearchParams({ version: live.data?.first.version ?? '', compare: previous ?? '' });
  const compared = useQuery({
    queryKey: staffKeys.insights(params.toString()),
    queryFn: ({ signal }) => definitionApi.insights(params, signal),
    enabled: enabled && previous !== undefined,
  });
  const error = live.error ?? compared.error;
  if (!live.data) return { data: undefined, error };
  return { data: previous === undefined ? live.data : compared.data, error };
}

/**
 * The token the preview frame reads the draft with. Each load of the frame asks for its own (the
 * server's expire in minutes), and none is kept once the preview is closed.
 */
export function usePreviewToken(revision: number, load: number, enabled: boolean) {
  return useQuery({
    queryKey: definitionKeys.previewToken(revision, load),
    queryFn: ({ signal }) => definitionApi.previewToken(revision, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Publishing or rolling back changes the versions, the live version and so the diff. */
function useAfterPublish() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: definitionKeys.all, refetchType: 'active' });
}

export function usePublish() {
  const refresh = useAfterPublish();
  return useMutation({ mutationFn: (note: string) => definitionApi.publish(note), onSuccess: refresh });
}

export function useRollback() {
  const refresh = useAfterPublish();
  return useMutation({
    mutationFn: ({ version, note }: { version: string; note: string }) => definitionApi.rollback(version, note),
    onSuccess: refresh,
  });
}
