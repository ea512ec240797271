// An image of the site's media: with its real width and height (so the page does not shift as it
// loads) and WebP variants in srcset, when its size is known (on the server, from the image; in the
// browser, from the page's data). Any other image is drawn as given.
import type { ImgHTMLAttributes } from 'react';
import { knownImageSize } from '../images/imageSizeStore.ts';
import { srcsetFor } from '../../../../server/schema/site/imageVariants.ts';
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

export function ResponsiveImage({ src, alt, sizes, priority, loading, style, storedAlt, ...rest }: Props) {
  const ssr = useRenderCollector();
  const size = src.startsWith('/media/') ? (ssr ? ssr.image(src) : knownImageSize(src)) : undefined;
  const responsive = size
    ? { srcSet: srcsetFor(src, size), sizes, width: size.width, height: size.height }
    : {};
  return (
    <img
      src={src}
      alt={alt === '' && storedAlt ? (size?.alt ?? '') : alt}
      {...responsive}
      {...rest}
      // Where a layout crops the picture (object-fit: cover), its focal point stays in view.
      style={size?.position ? { ...style, objectPosition: size.position } : style}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
