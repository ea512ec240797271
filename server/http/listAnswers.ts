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
  const key = `${endpoint.path}|${ctx.media}|${ctx.shape ?? 'wire'}|${ctx.signedIn ? 'staff' : 'public'}`;
  const prepared = cache.get(key, endpoint.deps, () => readAnswer(model, endpoint, ctx));
  return jsonAnswer(prepared, endpointDiffersForStaff(endpoint));
}

export const endpointDiffersForStaff = (endpoint: ReadEndpoint) => endpoint.deps.some(differsForStaff);

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
