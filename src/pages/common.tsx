/** Pieces every page composes: the banner of a page type, carousel texts, a section frame. */
import type { ReactNode } from 'react';
import { Loaded } from '../app/Loaded';
import { useText } from '../app/useText';
import type { PageBannerType } from '../contracts/dto';
import { useContent } from '../features/content/useContent';
import { format, type Dictionary } from '../i18n';
import type { CarouselTexts } from '../ui/Carousel';
import { PageBanner } from '../ui/PageBanner';
import { Reveal } from '../ui/Reveal';
import { SectionHeading } from '../ui/SectionHeading';

export function BannerOf({ type }: { type: PageBannerType }) {
  const banner = useContent('pageBanner', { type });
  return (
    <Loaded resource={banner} minHeight="var(--banner-height)">
      {(data) => <PageBanner title={data.name} description={data.des} desktopImage={data.webimg} phoneImage={data.img} />}
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

export function useFormatDate() {
  const t = useText();
  return (time: string) => (time ? time.slice(0, 10) : t.common.empty);
}
