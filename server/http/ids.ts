// Item ids as requests name them. They become file names, so they are checked before anything else.
import { AppError } from '../schema/errors.ts';

/** Ids are whole numbers of at most this many digits (a longer one could not be a file name). */
export const MAX_ID_DIGITS = 9;

/**
 * The id a request names in `field`: undefined when it names none, else digits only and at most
 * MAX_ID_DIGITS of them, or a 400 saying what is wrong.
 */
export function requestedId(raw: unknown, field = 'id'): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const id = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
  if (!/^\d+$/.test(id)) throw new AppError(400, 'The id must be a number.', { [field]: 'Not a number' });
  if (id.length > MAX_ID_DIGITS) {
    const message = `The id is too long: ids have at most ${MAX_ID_DIGITS} digits.`;
    throw new AppError(400, message, { [field]: `At most ${MAX_ID_DIGITS} digits` });
  }
  return id;
}
