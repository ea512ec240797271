// The media library's tests against the real CMS: real picture bytes (made with sharp, as a camera or
// a phone would send them), files put in the library as staff would, and what the site then holds:
// the files in its git repository and each file as the library's answers give it.
import sharp from 'sharp';
import type { RealCms } from '../../test/realCmsTestKit.ts';
import type { MediaFile, MediaPage } from './mediaTypes.ts';

/** A real picture, `width` × `height` pixels of one colour: a JPEG, or a PNG. */
export const picture = (width: number, height: number, colour = '#3a6', format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

/** A real PNG of about `mb` MB (noise, stored uncompressed, so its size is what it says). */
export function bigPicture(mb: number): Promise<Buffer> {
  const width = 1024;
  const height = Math.ceil((mb * 1024 * 1024) / (width * 3));
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A drawing as SVG: a picture the library does not take. */
export const svgDrawing = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );

/** The bytes as a file the page can be given (dropped, pasted, chosen), with the type a browser says. */
export const pageFile = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/**
 * Files as a multipart body, made by hand: the page's FormData is jsdom's, which Node's fetch (the
 * test's own calls to the server) does not read.
 */
function multipart(files: Record<string, Buffer>): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = `----library-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(files).flatMap(([name, bytes]) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  const body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { body: new Uint8Array(body), type: `multipart/form-data; boundary=${boundary}` };
}

/** Puts files in the library (the live site's, or a draft's) as an upload from the library page does. */
export async function addToLibrary(
  cms: RealCms,
  files: Record<string, Buffer>,
  draft?: string,
): Promise<MediaFile[]> {
  const { body, type } = multipart(files);
  const res = await cms.site.api(`/api/media${draft ? `?draft=${draft}` : ''}`, {
    method: 'POST',
    body,
    headers: { 'content-type': type },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items: MediaFile[] }).items;
}

/** The library's files in the site's git repository (the live site's committed files). */
export const filesInGit = (cms: RealCms): string[] =>
  cms.site.git('ls-files', 'media/library').split('\n').filter(Boolean);

/** One file as the library gives it now (undefined when it has no such file), live or in a draft. */
export async function storedFile(cms: RealCms, path: string, draft?: string): Promise<MediaFile | undefined> {
  const name = path.split('/').pop()!;
  const res = await cms.site.api(
    `/api/media?q=${encodeURIComponent(name)}&per=100${draft ? `&draft=${draft}` : ''}`,
  );
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as MediaPage).items.find((f) => f.path === path);
}
