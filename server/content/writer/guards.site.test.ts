// Every guard × every kind of change, on a real site (real git, the watcher running): where a guard
// can refuse a kind, a change that breaks it is refused with its words and writes nothing; where it
// cannot, the table says why, and the reason is checked where it can be (no collection item a delete
// could remove declares an admin-only field). A guard or kind added without a row fails the table.
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities, siteEntities } from '../../schema/registry.ts';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { AppError } from '../../schema/errors.ts';
import { serializeItem } from '../index/fileFormat.ts';
import { GUARD_NAMES, type GuardName } from './guards.ts';
import type { Change, ChangeKindName } from './change.ts';
import type { Actor } from '../changes.ts';
import { checkUploads, type Upload } from './mediaUpload.ts';

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let site: TestSite;
const admin: Actor = { name: 'Ada Admin', email: 'ada@example.org', username: 'admin', role: 'admin' };
const editor: Actor = { name: 'Eddie Editor', email: 'eddie@example.org', username: 'eddie', role: 'editor' };
const VISITOR: Actor = { name: 'A visitor', email: '', username: '', address: '203.0.113.9' };
const head = () => site.git('rev-parse', 'HEAD').trim();
const SCRIPT = (name: string) => `https://public.tableau.com/javascripts/api/${name}.js`;
const NO_DESCRIPTION = 'A picture: ![](/media/news/1.png)';

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});

const run = (who: Actor, change: Change) => site.deps.writer.run(who, change);
const save = (who: Actor, def: EntityDef, input: Record<string, unknown>, id?: string) =>
  run(who, { kind: 'save', def, id, input, uploads: [] });
const bulk = (who: Actor, def: EntityDef, id: string, input: Record<string, unknown>) =>
  run(who, { kind: 'bulk', def, updates: [{ id, input }], message: `${def.name}: one-off fix` });

/** The branch as it was just before the change a cell expects refused (its set-up commits before). */
let marked = '';
const attempt = <T>(refused: () => Promise<T>): Promise<T> => {
  marked = head();
  return refused();
};

/** A commit made by hand with the git CLI (as a maintainer would), once the index has taken it. */
async function handCommit(rel: string, text: string): Promise<string> {
  await writeFile(path.join(site.siteDir, rel), text);
  site.git('add', rel);
  site.git('-c', 'user.name=Maintainer', '-c', 'user.email=m@example.org', 'commit', '-q', '-m', 'by hand');
  const commit = head();
  const blob = site.git('rev-parse', `HEAD:${rel}`).trim();
  await eventually(() => site.deps.index.blobOf(rel) === blob, 5000, 'the hand commit reaches the index');
  return commit;
}

/** A draft made and saved into by `who`, as the admin's draft screens do. */
async function draftWith(who: Actor, save: Omit<Extract<Change, { kind: 'save' }>, 'kind' | 'into'>) {
  const draft = await site.deps.drafts.create(`Guard table ${Math.random()}`, who);
  await run(who, { kind: 'save', ...save, into: site.deps.drafts.target(draft.id, who) });
  return draft.id;
}

type Cell = { refuse: () => Promise<unknown>; status: number; words: RegExp } | { notApplicable: string };

const TABLE: Record<GuardName, Record<ChangeKindName, Cell>> = {
  'admin-only fields': {
    import: {
      refuse: () =>
        attempt(() =>
          run(editor, {
            kind: 'import',
            source: 'guards.csv',
            items: [{ def: entities.siteSettings, input: { dashboard_script_url: SCRIPT('f') } }],
          }),
        ),
      status: 403,
      words: /Only an admin can change/,
    },
    translate: { notApplicable: 'a translation holds words only, and no word is a field only admins change' },
    media: { notApplicable: 'a change to the media library writes files, never an item’s fields' },
    save: {
      refuse: () => attempt(() => save(editor, entities.siteSettings, { dashboard_script_url: SCRIPT('a') })),
      status: 403,
      words: /Only an admin can change Dashboard embed script address/,
    },
    delete: { notApplicable: 'no item that can be deleted (a collection item) declares an admin-only field' },
    message: { notApplicable: 'a visitor’s message has no admin-only field (checked below)' },
    restore: {
      refuse: async () => {
        await save(admin, entities.siteSettings, { dashboard_script_url: SCRIPT('b') });
        const older = head();
        await save(admin, entities.siteSettings, { dashboard_script_url: SCRIPT('c') });
        return attempt(() =>
          run(editor, { kind: 'restore', def: entities.siteSettings, id: '1', commit: older }),
        );
      },
      status: 403,
      words: /Only an admin can change/,
    },
    bulk: {
      refuse: () =>
        attempt(() => bulk(editor, entities.siteSettings, '1', { dashboard_script_url: SCRIPT('d') })),
      status: 403,
      words: /Only an admin can change/,
    },
    publish: {
      refuse: async () => {
        const id = await draftWith(admin, {
          def: entities.siteSettings,
          input: { dashboard_script_url: SCRIPT('e') },
          uploads: [],
        });
        return attempt(() => site.deps.drafts.act(id, 'publish', editor));
      },
      status: 403,
      words: /Only an admin can change/,
    },
  },
  'entity rules': {
    import: {
      refuse: () =>
        attempt(() =>
          run(editor, {
            kind: 'import',
            source: 'guards.csv',
            items: [{ def: entities.siteSettings, input: { banner_to_show: '9997' } }],
          }),
        ),
      status: 400,
      words: /There is no banner with id 9997/,
    },
    translate: {
      notApplicable:
        'a translation holds words only: the rules across items read the item’s own file, which it never changes',
    },
    media: { notApplicable: 'a change to the media library writes files, never an item’s fields' },
    save: {
      refuse: () => attempt(() => save(editor, entities.siteSettings, { banner_to_show: '9999' })),
      status: 400,
      words: /There is no banner with id 9999/,
    },
    delete: { notApplicable: 'a delete leaves no data for a cross-item rule to check' },
    message: { notApplicable: 'a visitor’s message declares no cross-item rule (checked below)' },
    restore: {
      refuse: async () => {
        const a = await save(editor, entities.majorEvent, {
          header: 'Rule A',
          event_description: 'x',
          page_url: '/EventPage2',
        });
        const withUrl = head();
        await save(editor, entities.majorEvent, { page_url: '' }, a.item!.id);
        await save(editor, entities.majorEvent, {
          header: 'Rule B',
          event_description: 'y',
          page_url: '/EventPage2',
        });
        return attempt(() =>
          run(editor, { kind: 'restore', def: entities.majorEvent, id: a.item!.id, commit: withUrl }),
        );
      },
      status: 400,
      words: /already used by "Rule B"/,
    },
    bulk: {
      refuse: () => attempt(() => bulk(editor, entities.siteSettings, '1', { banner_to_show: '9998' })),
      status: 400,
      words: /There is no banner with id 9998/,
    },
    publish: {
      refuse: async () => {
        const b = await save(editor, entities.banner, { banner_text: 'Soon gone' });
        const id = await draftWith(editor, {
          def: entities.siteSettings,
          input: { banner_to_show: b.item!.id },
          uploads: [],
        });
        await run(editor, { kind: 'delete', def: entities.banner, id: b.item!.id });
        return attempt(() => site.deps.drafts.act(id, 'publish', editor));
      },
      status: 409,
      words: /cannot be published as it is: There is no banner/,
    },
  },
  'content checks': {
    import: {
      refuse: () =>
        attempt(() =>
          run(editor, {
            kind: 'import',
            source: 'guards.csv',
            items: [{ def: entities.news, input: { title: 'Imported', what: NO_DESCRIPTION } }],
          }),
        ),
      status: 400,
      words: /has no description/,
    },
    translate: {
      refuse: async () => {
        const made = await save(editor, entities.news, { title: 'To translate' });
        return attempt(() =>
          run(editor, {
            kind: 'translate',
            def: entities.news,
            id: made.item!.id,
            lang: 'es',
            input: { title: 'Para traducir', what: NO_DESCRIPTION },
          }),
        );
      },
      status: 400,
      words: /has no description/,
    },
    media: {
      notApplicable: 'a change to the media library writes files, never an item’s text or picture field',
    },
    save: {
      refuse: () => attempt(() => save(editor, entities.news, { title: 'Pictured', what: NO_DESCRIPTION })),
      status: 400,
      words: /has no description/,
    },
    delete: { notApplicable: 'a delete leaves no text or picture to check' },
    message: { notApplicable: 'a visitor’s own words are kept privately, not shown on the site' },
    restore: {
      refuse: async () => {
        const made = await save(editor, entities.news, { title: 'Restored' });
        const rel = `content/news/${made.item!.id}.md`;
        const bad = await handCommit(
          rel,
          serializeItem(entities.news, { title: 'Restored', link: '', when_date: '', what: NO_DESCRIPTION }),
        );
        await save(editor, entities.news, { what: 'Fixed' }, made.item!.id);
        return attempt(() =>
          run(editor, { kind: 'restore', def: entities.news, id: made.item!.id, commit: bad }),
        );
      },
      status: 400,
      words: /has no description/,
    },
    bulk: {
      refuse: async () => {
        const made = await save(editor, entities.news, { title: 'Bulk' });
        return attempt(() => bulk(editor, entities.news, made.item!.id, { what: NO_DESCRIPTION }));
      },
      status: 400,
      words: /has no description/,
    },
    publish: {
      refuse: async () => {
        const made = await save(editor, entities.news, { title: 'Published' });
        const id = await draftWith(editor, {
          def: entities.news,
          id: made.item!.id,
          input: { title: 'Published, edited in the draft' },
          uploads: [],
        });
        // The draft changes the title; the live site meanwhile took a picture without a description in
        // the text (by hand): the merge holds both, and the publish's check refuses it.
        await handCommit(
          `content/news/${made.item!.id}.md`,
          serializeItem(entities.news, { title: 'Published', link: '', when_date: '', what: NO_DESCRIPTION }),
        );
        return attempt(() => site.deps.drafts.act(id, 'publish', editor));
      },
      status: 409,
      words: /cannot be published as it is: .*has no description/,
    },
  },
  approval: {
    import: {
      notApplicable: 'approval is asked of a draft going live; an import goes live or into a draft itself',
    },
    translate: { notApplicable: 'approval is asked of a draft going live' },
    media: { notApplicable: 'approval is asked of a draft going live' },
    save: {
      notApplicable: 'approval is asked of a draft going live; a save goes live or into a draft itself',
    },
    delete: { notApplicable: 'approval is asked of a draft going live' },
    restore: { notApplicable: 'approval is asked of a draft going live' },
    bulk: { notApplicable: 'approval is asked of a draft going live' },
    message: { notApplicable: 'approval is asked of a draft going live' },
    publish: {
      refuse: async () => {
        await site.deps.drafts.setSettings({ needsApproval: true });
        try {
          const id = await draftWith(editor, {
            def: entities.news,
            input: { title: 'Unapproved' },
            uploads: [],
          });
          const tip = (await site.deps.store.drafts.tip(id))!;
          return await attempt(() =>
            site.deps.writer.run(editor, {
              kind: 'publish',
              draft: { id, title: 'Unapproved', base: site.deps.drafts.get(id).base, tip },
              message: 'Publish draft',
              // The drafts service's own check, as it hands it to the operation.
              approval: () => {
                throw new AppError(403, 'This site needs a draft to be approved before it is published.');
              },
            }),
          );
        } finally {
          await site.deps.drafts.setSettings({ needsApproval: false });
        }
      },
      status: 403,
      words: /needs a draft to be approved/,
    },
  },
  'room for messages': {
    import: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    translate: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    media: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    save: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    delete: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    restore: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    bulk: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    publish: { notApplicable: 'only a visitor’s message is kept in the room set aside for messages' },
    message: {
      refuse: () =>
        attempt(() =>
          run(VISITOR, {
            kind: 'message',
            def: entities.contactMessage,
            input: { name: 'Ada', title: 'Teacher', employer: '', email: 'ada@example.org', contact: 'Hi' },
            // A keeper with 100 bytes left of its room, and a message larger than that.
            keep: {
              add: (_data, check) => {
                check({ count: 9, bytes: 900, maxBytes: 1000, adding: 101 });
                return Promise.reject(new Error('kept a message the room had no space for'));
              },
            },
          }),
        ),
      status: 507,
      words: /cannot take more messages/,
    },
  },
  'files in use': {
    import: {
      notApplicable:
        'an import adds files, and lets go of a removed item’s files only when nothing else uses them',
    },
    translate: { notApplicable: 'a translation writes its own file only, never a media file' },
    save: { notApplicable: 'a save lets go of its old file only when nothing else uses it (checked below)' },
    delete: {
      notApplicable: 'a delete lets go of its files only when nothing else uses them (checked below)',
    },
    restore: { notApplicable: 'a restore lets go of files only when nothing else uses them (checked below)' },
    bulk: { notApplicable: 'a bulk update writes no files' },
    message: { notApplicable: 'a visitor’s message writes no files' },
    publish: {
      refuse: async () => {
        // A draft deletes a file nothing uses yet; then a live item starts using it.
        const [path] = (
          await run(editor, {
            kind: 'media',
            operation: { op: 'upload', files: [await libraryUpload('lent.png')] },
          })
        ).files!;
        const draft = await site.deps.drafts.create(`Guard table ${Math.random()}`, editor);
        await run(editor, {
          kind: 'media',
          operation: { op: 'delete', path: path! },
          into: site.deps.drafts.target(draft.id, editor),
        });
        await save(editor, entities.news, { title: 'Borrows it', what: `![A lent picture](/${path})` });
        return attempt(() => site.deps.drafts.act(draft.id, 'publish', editor));
      },
      status: 409,
      words: /still used by one item: News “Borrows it”/,
    },
    media: {
      refuse: async () => {
        const [path] = (
          await run(editor, {
            kind: 'media',
            operation: { op: 'upload', files: [await libraryUpload('kept.png')] },
          })
        ).files!;
        await save(editor, entities.news, { title: 'Shows it', what: `![A kept picture](/${path})` });
        return attempt(() => run(editor, { kind: 'media', operation: { op: 'delete', path: path! } }));
      },
      status: 409,
      words: /still used by one item: News “Shows it”/,
    },
  },
};

/** A picture for the library as the upload parser leaves it: a temporary file, checked. */
async function libraryUpload(name: string): Promise<{ upload: Upload; name: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'guard-upload-'));
  const file = path.join(dir, 'upload');
  await writeFile(file, Buffer.concat([PNG_1X1, Buffer.from(String(Math.random()))]));
  const [upload] = await checkUploads(
    [{ fieldname: 'files', path: file, size: (await stat(file)).size }],
    () => 'file',
  );
  return { upload: upload!, name };
}

describe('every guard × every kind of change', () => {
  it('has a row for every guard and a cell for every kind', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...GUARD_NAMES].sort());
    for (const row of Object.values(TABLE))
      expect(Object.keys(row).sort()).toEqual([
        'bulk',
        'delete',
        'import',
        'media',
        'message',
        'publish',
        'restore',
        'save',
        'translate',
      ]);
  });

  it('a visitor’s message declares neither an admin-only field nor a cross-item rule', () => {
    const fields = Object.values(entities.contactMessage.fields as Fields);
    expect(fields.filter((f) => f.onlyAdmins)).toEqual([]);
    expect(entities.contactMessage.rules?.check).toBeUndefined();
  });

  it('no collection declares an admin-only field (so a delete cannot remove one)', () => {
    for (const def of siteEntities)
      if (def.type === 'collection')
        expect(
          Object.values(def.fields as Fields).filter((f) => f.onlyAdmins),
          def.name,
        ).toEqual([]);
  });

  const cells = Object.entries(TABLE).flatMap(([guard, row]) =>
    Object.entries(row).map(([kind, cell]) => ({ guard, kind, cell })),
  );
  it.each(cells.filter((c) => 'refuse' in c.cell))(
    '$guard refuses a $kind that breaks it, writing nothing',
    async ({ cell }) => {
      const c = cell as Extract<Cell, { refuse: unknown }>;
      const refused = await c
        .refuse()
        .then(() => null)
        .catch((e: unknown) => e);
      expect(refused, 'refused').not.toBeNull();
      expect((refused as AppError).status).toBe(c.status);
      expect((refused as AppError).message).toMatch(c.words);
      // Nothing was committed by the refused change: the branch and the work tree are as they were.
      expect(head()).toBe(marked);
      expect(site.git('status', '--porcelain')).toBe('');
    },
  );
});

describe('an item lets go of its own files only when nothing else uses them', () => {
  it('a deleted spotlight keeps its picture while a news text shows it, and the library lists that use', async () => {
    const spotlight = entities.spotlightSlide;
    const slide = site.deps.index.get(spotlight, '3')!;
    const picture = String(slide.data.image);
    const news = await save(editor, entities.news, {
      title: 'Borrowed picture',
      what: `![Rosa’s team](/${picture})`,
    });
    await run(editor, { kind: 'delete', def: spotlight, id: '3' });
    expect(site.git('log', '-1', '--name-status', '--format=').trim()).toBe('D\tcontent/spotlight/3.md');
    expect(site.deps.index.mediaVersion(picture)).toBeDefined();
    expect(site.deps.index.mediaUses(picture)).toEqual([
      { entity: 'news', id: news.item!.id, field: 'what' },
    ]);
    // Once nothing shows it any more, the next delete of its owner could remove it: a restore and
    // delete again, with the news text changed, removes the picture with its item.
    await save(editor, entities.news, { what: 'No picture now.' }, news.item!.id);
    const before = site.git('log', '-1', '--format=%H', '--', 'content/spotlight/3.md').trim();
    const lastWith = site.git('rev-parse', `${before}~1`).trim();
    await run(editor, { kind: 'restore', def: spotlight, id: '3', commit: lastWith });
    await run(editor, { kind: 'delete', def: spotlight, id: '3' });
    expect(site.git('log', '-1', '--name-status', '--format=').trim().split('\n').sort()).toEqual(
      ['D\tcontent/spotlight/3.md', `D\t${picture}`].sort(),
    );
  });
});
