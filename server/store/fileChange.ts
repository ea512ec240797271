// What a save hands the store, and what one commit made of it.

/** A file written from bytes in memory, or removed (null). */
export interface BytesChange {
  path: string;
  data: Uint8Array | string | null;
}

/**
 * A file written from a file on disk (an upload's temporary file): streamed into git's object store
 * and copied into the work tree, never whole in memory. `blob` and `size` were read from it by
 * streaming (fileBlobId); the store checks the blob id again as it writes the object, so a file that
 * changed since then fails the save instead of storing bytes under another file's id. The file must
 * stay as it is until the save is done.
 */
export interface DiskFileChange {
  path: string;
  file: string;
  size: number;
  blob: string;
}

export type FileChange = BytesChange | DiskFileChange;

export const isDiskFile = (change: FileChange): change is DiskFileChange => 'file' in change;

export interface CommitResult {
  oid: string;
  /** The first parent (the branch's commit before). */
  parent: string | null;
  paths: string[];
  /** Each path's new blob id, or null where the file was removed. */
  blobs: Map<string, string | null>;
}
