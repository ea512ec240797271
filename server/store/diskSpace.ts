// Free space on the disk that holds the site repository and private data, for /api/health and the
// admin home: staff are warned before saves start to fail, not after.
import { statfs } from 'node:fs/promises';

export interface DiskSpace {
  freeBytes: number;
  /** Below this many free bytes the space is reported as low (CMS_DISK_WARN_MB). */
  warnBelowBytes: number;
  low: boolean;
  /** Plain words for staff when the space is low. */
  message?: string;
}

const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024).toLocaleString('en-US');

export async function diskSpace(dir: string, warnBelowMb: number): Promise<DiskSpace | null> {
  try {
    const s = await statfs(dir);
    const freeBytes = Number(s.bavail) * Number(s.bsize);
    const warnBelowBytes = warnBelowMb * 1024 * 1024;
    const low = freeBytes < warnBelowBytes;
    return {
      freeBytes,
      warnBelowBytes,
      low,
      ...(low && {
        message: `The server's disk is almost full (${mb(freeBytes)} MB free). Saves will fail when it is full: ask the person who looks after the server to free some space.`,
      }),
    };
  } catch {
    return null; // a file system that cannot say: nothing to report
  }
}
