import { useContext } from 'react';
import { preload } from 'react-dom';
import { foldPriority, MediaHost, ownPictureSrcSet } from './Img';

/**
 * How wide the wide banner picture (1920×500) is drawn: it covers a 22rem-tall banner
 * (theme.css), so below 1352 px of viewport its width follows that height.
 */
const BANNER_SIZES = '(max-width: 1352px) 1352px, 100vw';
const PHONE_MEDIA = '(max-width: 767.98px)';
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
}

/** The banner at the top of inner pages; its height is fixed by CSS, so nothing jumps. */
export function PageBanner({ title, description, desktopImage, phoneImage, desktopAlt = '', phoneAlt = '', heading = true }: PageBannerProps) {
  const Title = heading ? 'h1' : 'p';
  const mediaHost = useContext(MediaHost);
  const phoneSrcSet = phoneImage ? (ownPictureSrcSet(phoneImage, 750, mediaHost) ?? `${phoneImage} 750w`) : undefined;
  const desktopSrcSet = desktopImage ? ownPictureSrcSet(desktopImage, 1920, mediaHost) : undefined;
  // React preloads no picture inside a <picture>: without these the header's logo, earlier in the
  // document, is asked for first, and the banner waits for a connection of its own. Each preload
  // names the viewports that take its picture, so a browser fetches one of the two.
  if (phoneSrcSet) preload(phoneImage, { as: 'image', imageSrcSet: phoneSrcSet, imageSizes: PHONE_SIZES, media: PHONE_MEDIA, fetchPriority: 'high' });
  if (desktopImage || phoneImage) {
    preload(desktopImage || phoneImage, {
      as: 'image',
      imageSrcSet: desktopSrcSet,
      imageSizes: desktopSrcSet ? BANNER_SIZES : undefined,
      media: phoneSrcSet ? `not all and ${PHONE_MEDIA}` : undefined,
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
            {...foldPriority(true)}
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
