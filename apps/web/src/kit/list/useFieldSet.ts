import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FieldSet, queryFieldSet, saveFieldSet } from '../../api/common';

/**
 * A user's column settings of a page (GET /message/queryFieldSet, POST /message/saveFieldSet);
 * without a page key nothing is fetched and every column shows.
 */
export function useFieldSet(pageKey: string | undefined) {
  const client = useQueryClient();
  const queryKey = ['kit', 'fieldSet', pageKey];
  const query = useQuery<FieldSet>({
    queryKey,
    queryFn: () => queryFieldSet(pageKey ?? ''),
    enabled: pageKey !== undefined,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (fields: string[]) => saveFieldSet(pageKey ?? '', fields),
    onSuccess: (_, fields) => client.setQueryData<FieldSet>(queryKey, { pageKey: pageKey ?? '', fields }),
  });
  return {
    /** Visible column keys in order; null: every column (also while loading or without a key). */
    fields: query.data?.fields ?? null,
    loaded: pageKey === undefined || query.isFetched,
    save: save.mutateAsync,
    saving: save.isPending,
  };
}
