/** Pieces every page composes: the banner of a page type, breadcrumbs, carousel texts, a section frame, text beside a picture. */
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Loaded } from '../app/Loaded';
import { breadcrumbTrail, type TrailContent } from '../app/head/breadcrumbTrail';
import { useText } from '../app/useText';
import type { RouteId } from '../contracts/routes';
import type { PageBannerType } from '../contracts/payloads';
import { useContent } from '../features/content/useContent';
import { format, type Dictionary } from '../i18n';
import type { CarouselTexts } from '../ui/Carousel';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { Img, type Placement } from '../ui/Img';
import { PageBanner } from '../ui/PageBanner';
import { Reveal } from '../ui/Reveal';
import { SectionHeading } from '../ui/SectionHeading';

/**
 * The banner of a page type. `title` is shown when the provider gives no name, or always when
 * `ownTitle` is set (pages that borrow another page's banner pictures). `heading={false}` on pages
 * whose own title is the h1. Memoized: its props are plain values, and the page around it
 * renders again on every change of a form or a list.
 */
export const BannerOf = memo(function BannerOf({
  type,
  title,
  ownTitle = false,
  heading = true,
  largestOnPhones = true,
}: {
  type: PageBannerType;
  title: string;
  ownTitle?: boolean;
  heading?: boolean;
  largestOnPhones?: boolean;
}) {
  const banner = useContent('pageBanner', { type });
  return (
    <Loaded resource={banner} minHeight="var(--banner-height)">
      {(data) => (
        <PageBanner
          title={ownTitle ? title : data.name || title}
          description={ownTitle ? '' : data.des}
          desktopImage={data.webimg}
          phoneImage={data.img}
          desktopAlt={data.webimg_alt ?? ''}
          phoneAlt={data.img_alt ?? ''}
          heading={heading}
          largestOnPhones={largestOnPhones}
        />
      )}
    </Loaded>
  );
});

/** The visible breadcrumbs: the same trail the BreadcrumbList structured data describes. */
export function PageBreadcrumbs({ routeId, content }: { routeId: RouteId; content?: TrailContent }) {
  const t = useText();
  const crumbs = breadcrumbTrail(routeId, t, content).map((step) => ({
    key: step.key,
    node: step.path !== undefined ? <Link to={step.path}>{step.name}</Link> : step.name,
  }));
  return <Breadcrumbs label={t.common.breadcrumb} crumbs={crumbs} />;
}

export function carouselTexts(t: Dictionary): CarouselTexts {
  const swiperPlaceholders = { n: '{{index}}', total: '{{slidesLength}}' };
  return {
    slideLabel: format(t.carousel.slide, swiperPlaceholders),
    goTo: format(t.carousel.goTo, swiperPlaceholders),
    previous: t.carousel.previous,
    next: t.carousel.next,
    pause: t.carousel.pause,
    play: t.carousel.play,
  };
}

/** A titled page section with an anchor id; it animates in the first time it is seen. */
export function Section({
  id,
  title,
  kicker,
  action,
  children,
  tone,
}: {
  id?: string;
  title: string;
  kicker?: string;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'muted' | 'dark';
}) {
  return (
    <section id={id} className={`page-section ${tone ? `page-section--${tone}` : ''}`} aria-labelledby={id ? `${id}-title` : undefined}>
      <Reveal className="page-section__inner">
        <div id={id ? `${id}-title` : undefined}>
          <SectionHeading title={title} kicker={kicker} action={action} />
        </div>
        {children}
      </Reveal>
    </section>
  );
}

/**
 * Its text column (`children`) beside its picture; one above the other on a phone. Placed as
 * `phoneLead` when it follows the page's banner: a phone's first screen shows its picture, larger
 * than the banner.
 */
export function Split({ children, pic, alt, placement }: { children: ReactNode; pic: string; alt: string; placement?: Placement }) {
  return (
    <div className="split">
      {children}
      <Img className="split__pic" src={pic} alt={alt} width={640} height={420} placement={placement} />
    </div>
  );
}
