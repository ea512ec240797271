// Keeps one of process.nextTick's own queue entries for the life of the process, so that V8 keeps the
// shape it learned for them at start. Imported first by server/main.ts, for this side effect.
//
// Why: node makes each nextTick entry as an object literal whose first keys are computed (its async
// id symbols), and V8 keeps such a literal fast only while every entry gets the same hidden class.
// Entries live for one turn of the event loop. A start that reads 10,000 files runs full garbage
// collections while none is alive; V8 then drops their class and makes it again from the next entry,
// which may store its async id differently (a small integer, not a heap number) from the first ones.
// The first connection after that changes the class again, V8 marks the literal as seeing many
// classes, and from then on every process.nextTick (about 13 per answered request: ends of streams,
// writes) builds its entry in V8's runtime instead of in optimized code: about 37,000 instructions
// more per request, half of what the server spent beyond node:http on a small answer
// (docs/performance.md). One entry kept alive keeps the class, and the literal stays fast.
//
// On a node whose executionAsyncResource() in a nextTick callback is no longer the entry itself, this
// keeps some other small object and changes nothing.
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;
process.nextTick(() => (kept = executionAsyncResource()));

/** What is kept (for the test that it is a nextTick entry on this node). */
export const keptTickEntry = () => kept;
