// An image's text alternative: where it comes from, and the one word that says an image is
// decorative. No zod here: the public pages import it.

/**
 * Where the words that describe an image come from, for people who cannot see it:
 * - `{ field }`: a text field of the same item that staff write (required once the image is set;
 *   the word “decorative” there says the image adds nothing to the text beside it);
 * - `{ from }`: the page describes it by this field's value (a headshot by the person's name);
 * - `'decorative'`: the page shows it beside text that says the same (a resource's logo by its name).
 */
export type ImageAlt = { field: string } | { from: string } | 'decorative';

/** The word staff write instead of a description, for an image that adds nothing to the text beside it. */
export const DECORATIVE = 'decorative';
/** Whether an image's alt text is the explicit choice that it is decorative (shown with alt=""). */
export const isDecorative = (alt: string): boolean => alt.trim().toLowerCase() === DECORATIVE;
/** The alt attribute an image's stored alt text gives: empty for a decorative one. */
export const altAttribute = (alt: string): string => (isDecorative(alt) ? '' : alt.trim());
