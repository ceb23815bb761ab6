/** Pieces every page composes: the banner of a page type, carousel texts, a section frame. */
import type { ReactNode } from 'react';
import { Loaded } from '../app/Loaded';
import type { PageBannerType } from '../contracts/dto';
import { useContent } from '../features/content/useContent';
import { format, type Dictionary } from '../i18n';
import type { CarouselTexts } from '../ui/Carousel';
import { PageBanner } from '../ui/PageBanner';
import { Reveal } from '../ui/Reveal';
import { SectionHeading } from '../ui/SectionHeading';

/**
 * The banner of a page type. `title` is shown when the provider gives no name, or always when
 * `ownTitle` is set (pages that borrow another page's banner pictures).
 */
export function BannerOf({ type, title, ownTitle = false }: { type: PageBannerType; title: string; ownTitle?: boolean }) {
  const banner = useContent('pageBanner', { type });
  return (
    <Loaded resource={banner} minHeight="var(--banner-height)">
      {(data) => (
        <PageBanner
          title={ownTitle ? title : data.name || title}
          description={ownTitle ? '' : data.des}
          desktopImage={data.webimg}
          phoneImage={data.img}
        />
      )}
    </Loaded>
  );
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
export function Section({ id, title, kicker, action, children, tone }: { id?: string; title: string; kicker?: string; action?: ReactNode; children: ReactNode; tone?: 'muted' | 'dark' }) {
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
