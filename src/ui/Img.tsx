import { createContext, useContext } from 'react';
import { preload } from 'react-dom';
import { MEDIA_PREFIX, PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../contracts/endpoints';

const LARGEST = Math.max(...PICTURE_WIDTHS);

/** The viewports that take a page banner's phone picture (theme.css's phone breakpoint). */
export const PHONE_MEDIA = '(max-width: 767.98px)';

/**
 * The host the site's own pictures are named on (MEDIA_URL, which pulls them from the site's
 * /uploads/); '' when the site serves them itself and they come as bare paths.
 */
export const MediaHost = createContext('');

const isOwnPicture = (src: string, mediaHost: string) => src.startsWith(MEDIA_PREFIX) || (mediaHost !== '' && src.startsWith(`${mediaHost}${MEDIA_PREFIX}`));

/** The site server's copy of one of its own pictures at a width it makes (`?w=640`). */
const copyAt = (src: string, copyWidth: number) => `${src}${src.includes('?') ? '&' : '?'}${PICTURE_WIDTH_PARAM}=${copyWidth}`;

/**
 * The srcset of one of the site's own pictures shown up to `width` CSS pixels wide at most: the
 * copies the site server makes (upright, in the browser's best format), the widest of them
 * standing for `width`; never the original an editor uploaded. None for a picture from elsewhere.
 */
export function ownPictureSrcSet(src: string, width: number, mediaHost = ''): string | undefined {
  if (!isOwnPicture(src, mediaHost)) return undefined;
  const below = PICTURE_WIDTHS.filter((copyWidth) => copyWidth < width).map((copyWidth) => `${copyAt(src, copyWidth)} ${copyWidth}w`);
  const top = PICTURE_WIDTHS.find((copyWidth) => copyWidth >= width) ?? LARGEST;
  return [...below, `${copyAt(src, top)} ${Math.min(width, top)}w`].join(', ');
}

/** The copy a browser without srcset shows: the narrowest at least `width` wide. */
export function ownPictureSrc(src: string, width: number, mediaHost = ''): string {
  return isOwnPicture(src, mediaHost) ? copyAt(src, PICTURE_WIDTHS.find((copyWidth) => copyWidth >= width) ?? LARGEST) : src;
}

/**
 * Where a picture sits, which decides how it is fetched:
 * - `fold`: above the fold on every screen: fetched first, decoded with the frame that shows it.
 * - `phoneLead`: the largest picture of a phone's first screen, below the page banner (which is the
 *   largest on a wide screen): fetched at once, and on a phone preloaded ahead of everything with
 *   the fold's priority, so that it rides the connection the page came on. The page banner then
 *   leaves phones to it (`largestOnPhones={false}`).
 * - `foldEdge`: lazy, at the foot of a phone's first screen under the picture that makes the largest
 *   paint (the home page's product tiles, the product list's cards, the about page's first picture,
 *   all under a banner): low, so that a browser never raises it to high beside that picture and
 *   fetches both at once (whether it does depends on the moment of layout: a race, run to run).
 * - `below` (the default): lazy, fetched as it nears the viewport.
 */
export type Placement = 'fold' | 'phoneLead' | 'foldEdge' | 'below';

const FETCH = {
  fold: { loading: 'eager', fetchPriority: 'high', decoding: 'sync' },
  phoneLead: { loading: 'eager', fetchPriority: undefined, decoding: 'async' },
  foldEdge: { loading: 'lazy', fetchPriority: 'low', decoding: 'async' },
  below: { loading: 'lazy', fetchPriority: undefined, decoding: 'async' },
} as const;

/** How a picture is fetched and decoded by where it sits: its `loading`, `fetchPriority` and `decoding`. */
export const fetchAttributes = (placement: Placement) => FETCH[placement];

export interface ImgProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  placement?: Placement;
  className?: string;
  /** How wide the picture is drawn; by default its width, or the viewport's when that is narrower. */
  sizes?: string;
}

/**
 * Every content image: explicit size (no layout shift), lazy unless it is above the fold,
 * alt text from the content. An empty src renders a neutral placeholder instead of a broken image.
 * The picture above the fold (`placement="fold"`) is fetched first and decoded with the frame that shows
 * it (`decoding="sync"`), so it appears together with the page's text rather than a frame later;
 * the others decode off the critical path. One of the site's own pictures comes in the copies
 * its slot needs, up to twice its width for dense screens.
 */
export function Img({ src, alt, width, height, placement = 'below', className, sizes }: ImgProps) {
  const mediaHost = useContext(MediaHost);
  if (!src) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return <span className={`img-placeholder ${className ?? ''}`} {...label} style={{ aspectRatio: `${width} / ${height}` }} />;
  }
  const srcSet = ownPictureSrcSet(src, Math.min(2 * width, LARGEST), mediaHost);
  const drawnSizes = srcSet ? (sizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined;
  const fallbackSrc = ownPictureSrc(src, width, mediaHost);
  if (placement === 'phoneLead') preload(fallbackSrc, { as: 'image', imageSrcSet: srcSet, imageSizes: drawnSizes, media: PHONE_MEDIA, fetchPriority: 'high' });
  return (
    <img src={fallbackSrc} srcSet={srcSet} sizes={drawnSizes} alt={alt} width={width} height={height} {...fetchAttributes(placement)} className={className} />
  );
}
