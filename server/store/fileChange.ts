// What a save hands the store, and what one commit made of it.

/** A file written (its bytes) or removed (null). */
export interface FileChange {
  path: string;
  data: Uint8Array | string | null;
}

export interface CommitResult {
  oid: string;
  /** The first parent (the branch's commit before). */
  parent: string | null;
  paths: string[];
  /** Each path's new blob id, or null where the file was removed. */
  blobs: Map<string, string | null>;
}
