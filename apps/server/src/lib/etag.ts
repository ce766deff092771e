/**
 * Whether a request's `If-None-Match` names `etag`: `*`, or a list holding it, weak or strong (the weak comparison
 * RFC 9110 asks of If-None-Match), so that a client that has the answer gets a 304.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
