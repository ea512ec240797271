// Prepared JSON read answers, shared by the Express routes (readRoutes.ts) and the fast path
// (fastPath.ts). No Express here: the fast path answers before Express has even loaded.
import type { ReadEndpoint, ReadModel } from '../content/readModel/readModel.ts';
import { readAnswer, type ReadContext } from './legacy/readAnswers.ts';
import type { Prepared, PreparedCache } from './prepared.ts';
import { differsForStaff } from '../content/readModel/visibility.ts';
import { Answer } from './answer.ts';
import { API_HEADERS, securityHeaders } from './securityHeaders.ts';

/** An endpoint's list answer for this reader, prepared once per change of its entities. */
export function listAnswer(
  cache: PreparedCache,
  model: ReadModel,
  endpoint: ReadEndpoint,
  ctx: ReadContext,
): Answer {
  const prepared = cache.get(cacheKey(endpoint, ctx), endpoint.deps, () => readAnswer(model, endpoint, ctx));
  return jsonAnswer(prepared, endpointDiffersForStaff(endpoint));
}

/** Each endpoint's cache keys, by variant. */
const keys = new WeakMap<ReadEndpoint, string[]>();

/**
 * The cache key of an endpoint's answer in this variant, made once: a key string made anew for each
 * request is hashed anew by each look-up, which cost more than all the rest of a read.
 */
function cacheKey(endpoint: ReadEndpoint, ctx: ReadContext): string {
  const shape = ctx.shape ?? 'wire';
  const variant = (ctx.media === 'url' ? 1 : 0) + (shape === 'typed' ? 2 : 0) + (ctx.signedIn ? 4 : 0);
  let made = keys.get(endpoint);
  if (!made) keys.set(endpoint, (made = []));
  return (made[variant] ??= `${endpoint.path}|${ctx.media}|${shape}|${ctx.signedIn ? 'staff' : 'public'}`);
}

const differs = new WeakMap<ReadEndpoint, boolean>();

/** Whether signed-in staff get another answer from this endpoint (the schema says; asked per request). */
export function endpointDiffersForStaff(endpoint: ReadEndpoint): boolean {
  let hit = differs.get(endpoint);
  if (hit === undefined) differs.set(endpoint, (hit = endpoint.deps.some(differsForStaff)));
  return hit;
}

const answers = new WeakMap<Prepared, Answer>();

/** A JSON read answer; `staff`: it differs for signed-in staff (Vary: Cookie). */
export function jsonAnswer(prepared: Prepared, staff: boolean): Answer {
  let answer = answers.get(prepared);
  if (!answer) {
    answer = new Answer(prepared, {
      headers: [['Cache-Control', 'no-cache']],
      around: [...securityHeaders(), ...API_HEADERS],
      varyCookie: staff,
    });
    answers.set(prepared, answer);
  }
  return answer;
}
