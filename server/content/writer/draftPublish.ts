// A draft's publish refused for conflicts with the live site that the editor has not settled (the
// publish itself is planned in plan.ts and runs the one operation's steps, writer.ts).
import { AppError } from '../../schema/errors.ts';
import type { DraftFile } from '../drafts/draftView.ts';

/** Fields changed on the live site and in the draft differently: someone has to choose. */
export class DraftConflictError extends AppError {
  constructor(readonly files: DraftFile[]) {
    super(
      409,
      'Since this draft began, the live site changed some of the same things. Choose which version to keep for each.',
      Object.fromEntries(
        files.map((f) => [
          f.path,
          f.conflicts.includes('*')
            ? 'Removed on one side and changed on the other'
            : `Changed on both sides: ${f.conflicts.join(', ')}`,
        ]),
      ),
    );
  }
}
