import { useContext } from 'react';
import { preload } from 'react-dom';
import { MediaHost, ownPictureSrcSet, PHONE_MEDIA } from './Img';

/**
 * How wide the wide banner picture (1920×500) is drawn: it covers a 22rem-tall banner
 * (theme.css), so below 1352 px of viewport its width follows that height.
 */
const BANNER_SIZES = '(max-width: 1352px) 1352px, 100vw';
/** The phone picture (750×500) spans the viewport. */
const PHONE_SIZES = '100vw';

export interface PageBannerProps {
  title: string;
  description: string;
  /** Desktop picture (webimg) and phone picture (img). */
  desktopImage: string;
  phoneImage: string;
  /**
   * The pictures' alternative texts from the media library, when they have them: the banner's one
   * <img> says the desktop picture's (else the phone picture's); without either it is decorative
   * (alt=""), its title being the text beside it.
   */
  desktopAlt?: string;
  phoneAlt?: string;
  /** False on pages whose own title is the h1 (the banner then only shows its name). */
  heading?: boolean;
  /**
   * False on pages whose first screen on a phone shows a larger picture below the banner (an
   * `Img` placed as `phoneLead`): the banner keeps its priority on wider screens only, and on a
   * phone comes after the lead picture.
   */
  largestOnPhones?: boolean;
}

/** The banner at the top of inner pages; its height is fixed by CSS, so nothing jumps. */
export function PageBanner({
  title,
  description,
  desktopImage,
  phoneImage,
  desktopAlt = '',
  phoneAlt = '',
  heading = true,
  largestOnPhones = true,
}: PageBannerProps) {
  const Title = heading ? 'h1' : 'p';
  const mediaHost = useContext(MediaHost);
  const phoneSrcSet = phoneImage ? (ownPictureSrcSet(phoneImage, 750, mediaHost) ?? `${phoneImage} 750w`) : undefined;
  const desktopSrcSet = desktopImage ? ownPictureSrcSet(desktopImage, 1920, mediaHost) : undefined;
  // React preloads no picture inside a <picture>: without these the header's logo, earlier in the
  // document, is asked for first, and the banner waits for a connection of its own. Each preload
  // names the viewports that take its picture, so a browser fetches one of the two; a phone none
  // when the page's lead picture is larger there: two pictures asked for at once on HTTP/1.1 open
  // a second connection, and the one that decides the largest paint must not be the one to wait.
  if (phoneSrcSet && largestOnPhones) {
    preload(phoneImage, { as: 'image', imageSrcSet: phoneSrcSet, imageSizes: PHONE_SIZES, media: PHONE_MEDIA, fetchPriority: 'high' });
  }
  if (desktopImage || phoneImage) {
    preload(desktopImage || phoneImage, {
      as: 'image',
      imageSrcSet: desktopSrcSet,
      imageSizes: desktopSrcSet ? BANNER_SIZES : undefined,
      media: phoneSrcSet || !largestOnPhones ? `not all and ${PHONE_MEDIA}` : undefined,
      fetchPriority: 'high',
    });
  }
  return (
    <div className="page-banner">
      {(desktopImage || phoneImage) && (
        <picture>
          {phoneImage && <source media={PHONE_MEDIA} srcSet={phoneSrcSet} sizes={PHONE_SIZES} width={750} height={500} />}
          <img
            className="page-banner__image"
            src={desktopImage || phoneImage}
            srcSet={desktopSrcSet}
            sizes={BANNER_SIZES}
            alt={(desktopImage ? desktopAlt : '') || phoneAlt || desktopAlt}
            width={1920}
            height={500}
            // Above the fold: shown with the frame that paints it. Where a phone's lead picture is
            // larger, low: a browser would otherwise raise it to high once laid out in the viewport
            // and fetch it beside the lead; wider screens get it with priority from their preload.
            fetchPriority={largestOnPhones ? 'high' : 'low'}
            decoding="sync"
          />
        </picture>
      )}
      <div className="page-banner__text">
        <Title className="page-banner__title">{title}</Title>
        {description && <p className="page-banner__description">{description}</p>}
      </div>
    </div>
  );
}
