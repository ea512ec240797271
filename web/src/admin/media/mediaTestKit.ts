// Library files for the media components' tests, as the server answers them.
import type { MediaFile } from './mediaTypes.ts';

export const libraryFile = (name: string, extra: Partial<MediaFile> = {}): MediaFile => ({
  path: `media/library/${name}`,
  url: `/media/library/${name}`,
  src: `/media/library/${name}?v=0123456789ab`,
  name,
  folder: 'library',
  shared: true,
  type: name.endsWith('.pdf') ? 'pdf' : 'image',
  bytes: 84_000,
  width: name.endsWith('.pdf') ? null : 1200,
  height: name.endsWith('.pdf') ? null : 800,
  alt: '',
  focus: null,
  modified: '2026-11-28T10:00:00Z',
  usedBy: [],
  ...extra,
});
