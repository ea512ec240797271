// What a list's input hands down to the lists and parts inside it.
import { createContext } from 'react';
import type { FieldOptions } from './inputProps.ts';

/** Set inside a list: a list within gets its messages from the outer one, which checks the whole. */
export const InList = createContext(false);

/**
 * Choices for parts of lists, by the part's place with `*` for each item's number
 * (`sections.*.profiles.*`, `header.*.link`): the entity's useFieldOptions, given by the form.
 */
export const PartOptions = createContext<Readonly<Record<string, FieldOptions>>>({});
