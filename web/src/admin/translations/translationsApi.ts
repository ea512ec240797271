// The translations' calls (server/http/routes/translationRoutes.ts and the entities' write calls with
// ?lang=): which items are missing or out of date in a language, one item's English and translated
// words side by side, and saving a translation: on the live site, or into the draft worked in
// (`&draft=ID`), which publishes it with the rest of the draft.
import { useCallback, useEffect, useState } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { SOURCE_LANGUAGE, type SiteLanguage } from '../../../../server/schema/site/languages.ts';
import { useApi } from '../../lib/useApi.ts';
import { getJson, send } from '../api.ts';
import { inDraft } from '../drafts/workingDraft.ts';

export type TranslationState = 'missing' | 'outdated' | 'current';

/** One line of GET /api/translations: an item with words, and how its translation stands. */
export interface TranslationLine {
  entity: string;
  id: string;
  title: string;
  state: TranslationState;
}

/** An item's words, by stored field name; a list's are an array of its items' word parts. */
export type Words = Record<string, unknown>;

/** GET /api/translations/<entity>/<id>: one item's English and translated words. */
export interface TranslationFacts {
  entity: string;
  id: string;
  lang: string;
  state: TranslationState;
  /** The fields whose English changed since the translation was last saved. */
  changed: string[];
  /** The English words when the translation was last saved (absent when missing). */
  was?: Words;
  /** The fields that hold words, in declared order. */
  fields: string[];
  english: Words;
  translation: Words | null;
  /** The translation's version, sent back with the next save ('' when there is none). */
  version: string;
}

/** The languages staff translate into (every one the site lists but English), in the setting's order. */
export function useTargetLanguages(): { languages: SiteLanguage[] | undefined; error: Error | undefined } {
  const state = useApi<{ languages?: SiteLanguage[] }>('languages');
  const listed = state.data?.languages;
  return {
    languages: listed?.filter((l) => l.code !== SOURCE_LANGUAGE),
    error: state.error,
  };
}

export const getTranslationList = (lang: string) =>
  getJson<{ lang: string; items: TranslationLine[] }>(`translations?lang=${encodeURIComponent(lang)}`);

/** One item's words side by side, as the live site has them or as `draft` does. */
export const getTranslation = (entity: string, id: string, lang: string, draft: string | null) =>
  getJson<TranslationFacts>(
    inDraft(
      `translations/${encodeURIComponent(entity)}/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`,
      draft,
    ),
  );

/** What a translation's save answers: the item in that language, and the version to send next time. */
export interface TranslationSaved {
  translationVersion: string;
  message?: string;
}

/**
 * Saves an item's words in a language with the entity's PUT and `?lang=` (for every collection, papers
 * too, the id goes in the address: a translation takes no field but words). A stale `version` is
 * refused (409); a text the server refuses comes back with its message in `fields` (400). With a
 * `draft`, the translation is saved into that draft (contributors may), not on the live site.
 */
export function saveTranslation(
  def: EntityDef,
  id: string,
  lang: string,
  words: Words,
  version: string,
  draft: string | null,
): Promise<TranslationSaved> {
  const q = `lang=${encodeURIComponent(lang)}`;
  const endpoint =
    def.type === 'singleton'
      ? `${def.legacy.endpoint}?${q}`
      : `${def.legacy.endpoint}?id=${encodeURIComponent(id)}&${q}`;
  return send<TranslationSaved>('PUT', inDraft(endpoint, draft), { ...words, version });
}

/** A read that is not kept between screens (the server answers these `no-store`), with a reload. */
export function useFetched<T>(
  load: (() => Promise<T>) | null,
  deps: readonly unknown[],
): { data: T | undefined; error: Error | undefined; reload: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(undefined);
      },
      (e: unknown) => live && setError(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` says what the read depends on
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, reload };
}
