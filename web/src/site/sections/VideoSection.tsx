// A YouTube or Vimeo video: a plain poster with a play button, and nothing fetched from the video's
// site until a visitor presses it (then the privacy-enhanced player, youtube-nocookie.com or Vimeo
// with do-not-track, takes the poster's place and has the focus). A link to the video's own page
// works without JavaScript; the transcript below is the text alternative.
import { useEffect, useRef, useState } from 'react';
import { videoOf } from '../../../../server/schema/site/videos.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { NewTabNote } from '../components/SmartLink.tsx';
import type { SectionProps } from './types.ts';
import { useWords } from '../words/useWords.ts';
import { fill } from '../words/fill.ts';

export function VideoSection({ url, title, transcript }: SectionProps<'video'>) {
  const video = videoOf(url);
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const words = useWords();
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  if (!video) return null;
  return (
    <div className="page-section section-video">
      <div className="video-frame">
        {playing ? (
          <iframe
            ref={frame}
            src={video.embed}
            title={title}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className="video-play" onClick={() => setPlaying(true)}>
            <span className="video-play-icon" aria-hidden="true" />
            <span>
              {words.playVideo}
              {title}
            </span>
          </button>
        )}
      </div>
      <p className="video-watch">
        <a href={video.watch} target="_blank" rel="noopener noreferrer">
          {fill(words.watchOn, { title, provider: video.provider })}
          <NewTabNote />
        </a>
      </p>
      {transcript && (
        <div className="video-transcript">
          <p className="video-transcript-label">{words.transcript}</p>
          <Markdown headingsFrom={2}>{transcript}</Markdown>
        </div>
      )}
    </div>
  );
}
