/** The staff areas /login can be sent back from, each with its own role check (spec §6). */
export type StaffArea = 'copilot' | 'admin';

export interface LoginParams {
  /** Where to go after signing in: a path of this site, never another origin. */
  readonly next: string | null;
  /** Set when a signed-in staff member lacked the area's role (a 403 from the role check). */
  readonly denied: StaffArea | null;
}

/** Only a path on this very site: `//host` and `/\host` would leave it. */
function isSafeNext(value: string | null): value is string {
  return value !== null && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** The /login address that comes back to `next` after signing in. */
export function loginPath(params: Partial<LoginParams> = {}): string {
  const search = new URLSearchParams();
  if (params.next && params.next !== '/copilot') search.set('next', params.next);
  if (params.denied) search.set('denied', params.denied);
  const query = search.toString();
  return query ? `/login?${query}` : '/login';
}

export function readLoginParams(url: URL): LoginParams {
  const next = url.searchParams.get('next');
  const denied = url.searchParams.get('denied');
  return {
    next: isSafeNext(next) ? next : null,
    denied: denied === 'copilot' || denied === 'admin' ? denied : null,
  };
}
