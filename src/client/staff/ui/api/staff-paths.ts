/** A call's address with a case's id in place of `:id`. */
export const withId = (path: string, id: number): string => path.replace(':id', String(id));

/** A call's address with its query string, none when there are no parameters. */
export const withQuery = (path: string, params: URLSearchParams): string => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};
