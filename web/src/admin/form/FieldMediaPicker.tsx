// The media library's picker as a picture or file field opens it: only the library's pictures, or
// its PDFs, and loaded when first asked for (it brings the library's list and its styles).
import { lazy, Suspense } from 'react';
import type { MediaFile } from '../media/mediaTypes.ts';

const MediaPicker = lazy(() => import('../media/MediaPicker.tsx').then((m) => ({ default: m.MediaPicker })));

export function FieldMediaPicker(props: {
  isImage: boolean;
  onClose: () => void;
  onPick: (file: MediaFile) => void;
}) {
  return (
    <Suspense fallback={null}>
      <MediaPicker only={props.isImage ? 'image' : 'pdf'} onClose={props.onClose} onPick={props.onPick} />
    </Suspense>
  );
}
