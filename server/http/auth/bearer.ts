// The token for scripts a request carries (`Authorization: Bearer <token>`). Other kinds of
// Authorization (a proxy's Basic sign-in in front of the whole site) are not ours and are passed over.

/** The bearer token in an Authorization header ('' for an empty one), or undefined for none. */
export function bearerIn(header: string | undefined): string | undefined {
  const m = header ? /^Bearer +(\S*) *$/i.exec(header) : null;
  return m ? m[1] : undefined;
}

/** The bearer token the request carries, or undefined when it carries none. */
export const bearerOf = (req: { headers: { authorization?: string } }): string | undefined =>
  bearerIn(req.headers.authorization);
