// Each picture's about file (its description and focal point, schema/mediaLibrary.ts) as a view of the
// site holds it: read by blob id, from git's objects or the work tree, and kept by blob id (a version
// never changes), so a list of the library reads each about file once.
import type { GitStore } from '../../store/gitStore.ts';
import { blobId } from '../../store/blobId.ts';
import { aboutPathOf, NO_ABOUT, parseAbout, type MediaAbout } from '../../schema/mediaLibrary.ts';

/** What the reader needs of a view: the blob id it holds for a path. */
interface BlobView {
  blobOf(rel: string): string | undefined;
}

const KEPT_MAX = 50_000;

export class AboutFiles {
  private readonly byBlob = new Map<string, MediaAbout>();

  constructor(private readonly store: GitStore) {}

  /** The description and focal point of a media file as `view` holds it. */
  async of(view: BlobView, rel: string): Promise<MediaAbout> {
    const about = aboutPathOf(rel);
    const blob = view.blobOf(about);
    if (!blob) return NO_ABOUT;
    const kept = this.byBlob.get(blob);
    if (kept) return kept;
    const bytes = await this.bytesOf(about, blob);
    const parsed = bytes ? parseAbout(bytes.toString('utf8')) : NO_ABOUT;
    if (bytes) this.keep(blob, parsed);
    return parsed;
  }

  /** An about file as a change writes it: known from then on without a read. */
  remember(text: string): void {
    this.keep(blobId(Buffer.from(text)), parseAbout(text));
  }

  /** What is known without a read (the about file's version was read before); undefined otherwise. */
  known(view: BlobView, rel: string): MediaAbout | undefined {
    const blob = view.blobOf(aboutPathOf(rel));
    return blob ? this.byBlob.get(blob) : NO_ABOUT;
  }

  private async bytesOf(about: string, blob: string): Promise<Buffer | null> {
    // The live site's version is the work tree's file (a third of the time of reading git's objects,
    // and a hand edit not committed yet is only there); a draft's is read from git's objects.
    const onDisk = await this.store.read(about).catch(() => null);
    if (onDisk && blobId(onDisk) === blob) return onDisk;
    return this.store.readBlobById(blob).catch(() => null);
  }

  private keep(blob: string, about: MediaAbout): void {
    if (this.byBlob.size >= KEPT_MAX) this.byBlob.delete(this.byBlob.keys().next().value!);
    this.byBlob.set(blob, about);
  }
}
