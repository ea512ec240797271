// Where uploads are streamed to while their request runs. Apart from mediaUpload.ts so that a start
// can clear the folder without loading multer and sharp, which only the upload routes need.
import { rm } from 'node:fs/promises';
import path from 'node:path';

/** Where uploads are streamed to while their request runs: private, never served, never in git. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'private', 'uploads');

/** Removes temporary upload files a stopped server left behind. */
export async function removeStaleUploads(tmpDir: string): Promise<void> {
  await rm(tmpDir, { recursive: true, force: true });
}
