// Videos a page section shows: YouTube and Vimeo addresses as staff paste them, read into what the
// page needs — the privacy-enhanced player (youtube-nocookie.com; Vimeo with do-not-track), loaded
// only when the visitor asks for it, and the video's own page for a plain link. No zod: the public
// pages import it.

export interface Video {
  provider: 'YouTube' | 'Vimeo';
  id: string;
  /** The player's address, started on the click that loaded it. */
  embed: string;
  /** The video on its own site. */
  watch: string;
}

/** The hosts a page's player frame may come from (the Content-Security-Policy's frame-src). */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The video an address names, or null when it is no YouTube or Vimeo video this site can show. */
export function videoOf(address: string): Video | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1];
  }
  if (id !== undefined) {
    if (!YOUTUBE_ID.test(id)) return null;
    return {
      provider: 'YouTube',
      id,
      embed: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
      watch: `https://www.youtube.com/watch?v=${id}`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vid = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts[0];
    if (!vid || !VIMEO_ID.test(vid)) return null;
    return {
      provider: 'Vimeo',
      id: vid,
      embed: `https://player.vimeo.com/video/${vid}?autoplay=1&dnt=1`,
      watch: `https://vimeo.com/${vid}`,
    };
  }
  return null;
}
