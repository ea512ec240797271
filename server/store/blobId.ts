import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

/** The git blob id of some bytes: an item's version, equal to what `git hash-object` prints. */
export function blobId(data: Uint8Array): string {
  return createHash('sha1').update(`blob ${data.byteLength}\0`).update(data).digest('hex');
}

/** A file's git blob id and size, read by streaming it (a 25 MB upload is never whole in memory). */
export async function fileBlobId(file: string): Promise<{ oid: string; size: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha1').update(`blob ${size}\0`);
    let read = 0;
    for await (const chunk of handle.createReadStream({
      autoClose: false,
      start: 0,
    }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      read += chunk.byteLength;
    }
    if (read !== size) throw new Error(`The file ${file} changed while it was read.`);
    return { oid: hash.digest('hex'), size };
  } finally {
    await handle.close();
  }
}
