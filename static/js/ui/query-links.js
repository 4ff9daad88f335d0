// Addresses with their query changed, for links and filters in any view.

// The same path with some query parameters changed; empty values are dropped.
export function withQuery(url, changes) {
  const next = new URL(url);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "" || value === false) next.searchParams.delete(key);
    else next.searchParams.set(key, value === true ? "1" : value);
  }
  return next.pathname + next.search;
}
