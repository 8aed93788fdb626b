import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionApi } from '../api/session-api.js';
import { isUnauthenticated, signedOut } from '../query-client.js';
import { staffKeys } from '../../ui/query-keys.js';

/** Who is signed in; null when nobody is (the session answers 401). */
export function useMe() {
  return useQuery({
    queryKey: staffKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await sessionApi.me(signal);
      } catch (error) {
        if (isUnauthenticated(error)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: staffKeys.signIn,
    mutationFn: ({ email, password }: { email: string; password: string }) => sessionApi.signIn(email, password),
    onSuccess: (me) => client.setQueryData(staffKeys.me, me),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sessionApi.signOut, onSuccess: () => signedOut(client) });
}
