// Upload progress: a real <progress> with its percentage in words.
export function UploadProgress({
  fraction,
  label = 'Uploading',
}: {
  fraction: number | null;
  label?: string;
}) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="admin-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span>{percent < 100 ? `${label}… ${percent}%` : 'Upload complete, saving…'}</span>
    </div>
  );
}
