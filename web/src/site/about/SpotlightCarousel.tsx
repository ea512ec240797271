// The teacher spotlight carousel on the About page, each slide with a button opening its dialog.
import { useState } from 'react';
import type { SpotlightSlide } from '../../lib/types.ts';
import { Markdown, useMarkdownAhead } from '../../markdown/MarkdownHtml.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { useCarousel } from './useCarousel.ts';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';
import { fill } from '../words/fill.ts';

/** A slide's image takes half the slide, the whole of it on a narrow screen. */
const HALF = '(max-width: 640px) 100vw, (max-width: 1180px) 50vw, 560px';

export function SpotlightCarousel({ slides }: { slides: readonly SpotlightSlide[] }) {
  const c = useCarousel(slides.length);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = slides.find((s) => s.id === openId);
  const words = useWords();
  const lang = useSiteLanguage();
  useMarkdownAhead(
    slides.map((s) => s.text),
    { headingsFrom: 3 },
  );
  if (!slides.length) return null;

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={words.teacherSpotlights}
      onMouseEnter={() => c.setHovered(true)}
      onMouseLeave={() => c.setHovered(false)}
      onFocus={() => c.setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) c.setFocused(false);
      }}
    >
      <div className="carousel-viewport" aria-live={c.paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => {
          const visible = i === c.current || i === c.leaving;
          return (
            <div
              key={slide.id}
              ref={c.slideRef(i)}
              className={`carousel-slide${visible ? ' is-visible' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(words.slideOf, { n: i + 1, count: slides.length, title: slide.title })}
              {...langAttr(slide, lang)}
              aria-hidden={i !== c.current}
              inert={i !== c.current}
            >
              {slide.image && (
                <ResponsiveImage
                  src={slide.image}
                  alt={slide.title}
                  className="carousel-image"
                  sizes={HALF}
                  priority={i === 0}
                  loading="lazy"
                />
              )}
              <div className="carousel-caption">
                <h3>{slide.title}</h3>
                {/* In the slide: reached by Tab while the slide shows (the others are inert). */}
                <EditLink entity="spotlights" id={slide.id} what={`teacher spotlight “${slide.title}”`} />
                <button type="button" className="button" onClick={() => setOpenId(slide.id)}>
                  {words.readMore}
                  <span className="visually-hidden">{fill(words.readMoreAbout, { title: slide.title })}</span>
                </button>
              </div>
            </div>
          );
        })}
      </div>
      {slides.length > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-arrow"
            onClick={c.previous}
            aria-label={words.previousSlide}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="carousel-dots">
            {slides.map((s, i) => (
              <button
                key={s.id}
                type="button"
                className="carousel-dot"
                aria-label={fill(words.showSlide, { n: i + 1, title: s.title })}
                aria-current={i === c.current ? 'true' : undefined}
                onClick={() => c.show(i)}
              />
            ))}
          </div>
          <button type="button" className="carousel-arrow" onClick={c.next} aria-label={words.nextSlide}>
            <span aria-hidden="true">›</span>
          </button>
          {!c.reducedMotion && (
            <button
              type="button"
              className="carousel-pause button-link"
              onClick={() => c.setStopped(!c.stopped)}
            >
              {c.stopped ? words.playSlideshow : words.pauseSlideshow}
            </button>
          )}
        </div>
      )}
      {/* Without JavaScript the dialogs cannot open: every slide's text is listed here instead. */}
      <noscript>
        <ul className="spotlight-texts">
          {slides.map((s) => (
            <li key={s.id}>
              <h3>{s.title}</h3>
              <Markdown headingsFrom={4}>{s.text}</Markdown>
            </li>
          ))}
        </ul>
      </noscript>
      <Modal
        open={!!opened}
        onClose={() => setOpenId(null)}
        title={opened?.title ?? ''}
        className="spotlight-dialog"
        closeLabel={words.close}
      >
        {opened && (
          <div className="spotlight-dialog-content" {...langAttr(opened, lang)}>
            {opened.image && (
              <ResponsiveImage
                src={opened.image}
                alt={opened.title}
                className="spotlight-dialog-image"
                sizes="(max-width: 700px) 100vw, 640px"
              />
            )}
            <Markdown headingsFrom={3}>{opened.text}</Markdown>
            <button type="button" className="button" onClick={() => setOpenId(null)}>
              {words.close}
            </button>
          </div>
        )}
      </Modal>
    </div>
  );
}
