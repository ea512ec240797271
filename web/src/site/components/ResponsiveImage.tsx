// An image of the site's media: with its real width and height (so the page does not shift as it
// loads) and WebP variants in srcset, when its size is known (on the server, from the image; in the
// browser, from the page's data). Any other image is drawn as given.
import type { ImgHTMLAttributes } from 'react';
import { knownImageSize } from '../images/imageSizeStore.ts';
import { focusPosition, srcsetFor, type ImageSize } from '../../../../server/schema/site/imageVariants.ts';
import { useRenderCollector } from '../../shared/renderContext.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  src: string;
  alt: string;
  /** How wide the image is drawn, as the `sizes` attribute: '(max-width: 950px) 100vw, 600px'. */
  sizes: string;
  /** The page's main image: fetched first (fetchpriority=high), never lazily. */
  priority?: boolean;
  /** Without words of its own (`alt` empty), the picture takes the description kept with its file. */
  storedAlt?: boolean;
};

/** What the page knows of a picture of the site's media: its size, focal point and stored description. */
export function useImageFacts(src: string | undefined): ImageSize | undefined {
  const ssr = useRenderCollector();
  if (!src?.startsWith('/media/')) return undefined;
  return ssr ? ssr.image(src) : knownImageSize(src);
}

export function ResponsiveImage({ src, alt, sizes, priority, loading, style, storedAlt, ...rest }: Props) {
  const size = useImageFacts(src);
  const responsive = size
    ? { srcSet: srcsetFor(src, size), sizes, width: size.width, height: size.height }
    : {};
  // Where a layout crops the picture (object-fit: cover), its focal point stays in view.
  const position = focusPosition(size);
  return (
    <img
      src={src}
      alt={alt === '' && storedAlt ? (size?.alt ?? '') : alt}
      {...responsive}
      {...rest}
      style={position ? { ...style, objectPosition: position } : style}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
