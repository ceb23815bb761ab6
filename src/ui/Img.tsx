import { MEDIA_PREFIX, PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../contracts/endpoints';

/**
 * The srcset of a picture that spans the viewport: the narrower copies the site server makes of
 * its own-origin pictures, then the original at its width. None for a picture from a media host,
 * which makes no copies.
 */
export function ownPictureSrcSet(src: string, width: number): string | undefined {
  if (!src.startsWith(MEDIA_PREFIX)) return undefined;
  const query = src.includes('?') ? '&' : '?';
  const copies = PICTURE_WIDTHS.filter((copyWidth) => copyWidth < width).map((copyWidth) => `${src}${query}${PICTURE_WIDTH_PARAM}=${copyWidth} ${copyWidth}w`);
  return [...copies, `${src} ${width}w`].join(', ');
}

/** How a picture is fetched and decoded by where it sits. */
export const foldPriority = (aboveTheFold: boolean) =>
  aboveTheFold
    ? ({ fetchPriority: 'high', decoding: 'sync' } as const)
    : ({ fetchPriority: undefined, decoding: 'async' } as const);

export interface ImgProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}

/**
 * Every content image: explicit size (no layout shift), lazy unless it is above the fold,
 * alt text from the content. An empty src renders a neutral placeholder instead of a broken image.
 * The picture above the fold (`eager`) is fetched first and decoded with the frame that shows
 * it (`decoding="sync"`), so it appears together with the page's text rather than a frame later;
 * the others decode off the critical path.
 */
export function Img({ src, alt, width, height, eager = false, className }: ImgProps) {
  if (!src) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return <span className={`img-placeholder ${className ?? ''}`} {...label} style={{ aspectRatio: `${width} / ${height}` }} />;
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      {...foldPriority(eager)}
      className={className}
    />
  );
}
