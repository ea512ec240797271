// Changes to the media library in the crash drill (issue 33). Each round, inside the same kill window
// as the saves: the admin uploads three pictures in one request to the live site, a contributor (the
// photographer) uploads two into their own draft, and the admin describes one library picture (its
// description and focal point), replaces a second and deletes a third, all three uploaded before the
// window and used by nothing. Every picture is a real JPEG or PNG made by sharp from pixels no other
// picture of the run has, so that git's bytes and the served bytes can be compared exactly after the
// restart (mediaChecks.ts). The photographer takes the draft's upload because one person may have only
// two uploads in flight at once (server/http/uploadParser.ts: UPLOAD_LIMITS), and the admin has two.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { join } from './accountChanges.ts';
import { SiteClient } from './api.ts';
import { errorText } from './time.ts';

/** The media changes' labels, in the order the report counts them. */
export const MEDIA_CHANGES = {
  upload: 'upload',
  draftUpload: 'upload into a draft',
  describe: 'description',
  replace: 'replace',
  remove: 'delete',
} as const;
export type MediaKind = keyof typeof MEDIA_CHANGES;

/** A contributor who uploads into their own draft each round. */
export const PHOTOGRAPHER = { username: 'drill-photographer', password: 'drill-photographer-password' };

export interface Picture {
  /** The name it is sent under: the stored name is made from it (`media/library/<slug>-<6hex>.<ext>`). */
  name: string;
  bytes: Buffer;
}

export interface PlannedMedia {
  kind: MediaKind;
  label: string;
  /** An upload's pictures; a replace's new picture. */
  pictures: Picture[];
  /** The library file a description, a replace or a delete changes. */
  path?: string;
  /** That file's bytes before the change. */
  before?: Buffer;
  /** What a description sets. */
  about?: { alt: string; focus: { x: number; y: number } };
  /** The photographer's draft an upload goes into. */
  draftId?: string;
}

export interface MediaOutcome extends PlannedMedia {
  /** 2xx with a complete answer. */
  acknowledged: boolean;
  /** The stored paths an acknowledged upload's answer named. */
  answered: string[];
  status?: number;
  error?: string;
  /** When the answer (or the failure) came, from the moment the saves started. */
  atMs: number;
}

/**
 * A real picture (64 × 48) whose pixels are drawn from its name: every picture of a run has bytes of
 * its own, the same in every run.
 */
export async function picture(name: string): Promise<Picture> {
  const [width, height, channels] = [64, 48, 3] as const;
  const pixels = Buffer.alloc(width * height * channels);
  for (let at = 0, n = 0; at < pixels.length; at += 32, n++)
    createHash('sha256').update(`${name} ${n}`).digest().copy(pixels, at);
  const drawn = sharp(pixels, { raw: { width, height, channels } });
  const bytes = await (name.endsWith('.png') ? drawn.png() : drawn.jpeg({ quality: 80 })).toBuffer();
  return { name, bytes };
}

/** The stored path a picture sent under `name` gets: its name made safe, a random tag, its type. */
export function storedPattern(name: string): RegExp {
  const dot = name.lastIndexOf('.');
  return new RegExp(`^media/library/${name.slice(0, dot)}-[0-9a-f]{6}\\.${name.slice(dot + 1)}$`);
}

const form = (field: string, pictures: Picture[]) => {
  const fd = new FormData();
  for (const p of pictures) fd.append(field, new Blob([new Uint8Array(p.bytes)]), p.name);
  return fd;
};

/** The stored paths an upload's answer names. */
const pathsOf = (body: unknown): string[] =>
  ((body as { items?: { path?: unknown }[] } | null)?.items ?? []).map((i) => String(i.path));

/**
 * The photographer's browser on the server now running: their account is made once through an invite
 * (which signs them in); after that their session is kept across restarts and they sign in again only
 * when it no longer works.
 */
export async function photographerOn(admin: SiteClient, before: SiteClient | null): Promise<SiteClient> {
  if (before) {
    const moved = before.at(admin.url);
    if ((await moved.call('GET', '/api/account')).status === 200) return moved;
  }
  const users = await admin.call('GET', '/api/users');
  const listed = ((users.body as { users?: { username: string }[] } | null)?.users ?? []).some(
    (u) => u.username === PHOTOGRAPHER.username,
  );
  if (!listed) return join(admin, PHOTOGRAPHER, 'Drill Photographer');
  const browser = new SiteClient(admin.url);
  await browser.signIn(PHOTOGRAPHER);
  return browser;
}

/**
 * This round's media changes, made ready before the window: the three library files the description,
 * the replace and the delete change (uploaded now, in one request), the photographer's draft, and
 * every picture the window sends.
 */
export async function prepareMedia(
  admin: SiteClient,
  photographer: SiteClient,
  round: number,
): Promise<PlannedMedia[]> {
  const r = `drill-r${round}`;
  const made = await Promise.all(
    [
      ...['upload-1.jpg', 'upload-2.jpg', 'upload-3.png', 'draft-1.jpg', 'draft-2.png'],
      ...['to-describe.jpg', 'to-replace.jpg', 'to-delete.png', 'replacement.jpg'],
    ].map((name) => picture(`${r}-${name}`)),
  );
  const [upload1, upload2, upload3, draft1, draft2, toDescribe, toReplace, toDelete, replacement] = made;
  const targets = [toDescribe!, toReplace!, toDelete!];
  const sent = await admin.call('POST', '/api/media', form('files', targets));
  if (sent.status !== 201)
    throw new Error(
      `uploading the round's library files answered ${sent.status}: ${sent.text.slice(0, 200)}`,
    );
  const stored = pathsOf(sent.body);
  const pathOf = (p: Picture) => {
    const found = stored.find((s) => storedPattern(p.name).test(s));
    if (!found) throw new Error(`the upload's answer names no file for ${p.name}: ${stored.join(', ')}`);
    return found;
  };
  const draft = await photographer.call('POST', '/api/drafts', { title: `Drill r${round} pictures` });
  if (draft.status !== 201)
    throw new Error(`the photographer's draft answered ${draft.status}: ${draft.text.slice(0, 200)}`);
  const draftId = String((draft.body as { id?: unknown }).id);
  const label = (kind: MediaKind) => `r${round} ${MEDIA_CHANGES[kind]}`;
  // A focal point of its own each round (three decimals, as it is stored).
  const focus = { x: ((round * 37) % 1000) / 1000, y: ((round * 91) % 1000) / 1000 };
  return [
    { kind: 'upload', label: label('upload'), pictures: [upload1!, upload2!, upload3!] },
    { kind: 'draftUpload', label: label('draftUpload'), pictures: [draft1!, draft2!], draftId },
    {
      kind: 'describe',
      label: label('describe'),
      pictures: [],
      path: pathOf(toDescribe!),
      about: { alt: `Crash drill picture of round ${round}`, focus },
    },
    {
      kind: 'replace',
      label: label('replace'),
      pictures: [replacement!],
      path: pathOf(toReplace!),
      before: toReplace!.bytes,
    },
    {
      kind: 'remove',
      label: label('remove'),
      pictures: [],
      path: pathOf(toDelete!),
      before: toDelete!.bytes,
    },
  ];
}

/** Sends one media change; settles with its outcome (never rejects). */
export async function sendMedia(
  admin: SiteClient,
  photographer: SiteClient,
  change: PlannedMedia,
  startedAt: number,
): Promise<MediaOutcome> {
  const at = () => Math.round(performance.now() - startedAt);
  const target = `/api/media?path=${encodeURIComponent(change.path ?? '')}`;
  try {
    const res =
      change.kind === 'upload'
        ? await admin.call('POST', '/api/media', form('files', change.pictures))
        : change.kind === 'draftUpload'
          ? await photographer.call(
              'POST',
              `/api/media?draft=${change.draftId}`,
              form('files', change.pictures),
            )
          : change.kind === 'describe'
            ? await admin.call('PATCH', target, change.about)
            : change.kind === 'replace'
              ? await admin.call('PUT', target, form('file', change.pictures))
              : await admin.call('DELETE', target);
    const acknowledged = res.status >= 200 && res.status < 300;
    const uploads = change.kind === 'upload' || change.kind === 'draftUpload';
    return {
      ...change,
      acknowledged,
      answered: acknowledged && uploads ? pathsOf(res.body) : [],
      status: res.status,
      ...(acknowledged ? {} : { error: res.text.slice(0, 300) }),
      atMs: at(),
    };
  } catch (e) {
    return { ...change, acknowledged: false, answered: [], error: errorText(e), atMs: at() };
  }
}
