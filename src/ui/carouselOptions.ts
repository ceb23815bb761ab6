import type { Swiper as SwiperClass, SwiperOptions } from 'swiper/types';

export interface CarouselTexts {
  /** e.g. "{{index}} / {{slidesLength}}" in the page's language. */
  slideLabel: string;
  /** e.g. "Go to slide {{index}}". */
  goTo: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
}

/**
 * Slides out of view take no focus and are hidden from assistive technology; a (muted, looping)
 * video plays while its slide is in view, so one on a later slide loads only when shown.
 */
export function markInertSlides(swiper: SwiperClass) {
  for (const slide of swiper.slides) {
    const visible = slide.classList.contains('swiper-slide-visible') || slide.classList.contains('swiper-slide-fully-visible');
    slide.inert = !visible;
    for (const video of slide.querySelectorAll('video')) {
      if (visible && video.paused) void video.play()?.catch(() => undefined);
      else if (!visible && !video.paused) video.pause();
    }
  }
}

function breakpoints(perView: Record<number, number>, rows: Record<number, number>): SwiperOptions['breakpoints'] {
  const widths = [...new Set([...Object.keys(perView), ...Object.keys(rows)].map(Number))].sort((a, b) => a - b);
  const result: NonNullable<SwiperOptions['breakpoints']> = {};
  let view = 1;
  let row = 1;
  for (const width of widths) {
    view = perView[width] ?? view;
    row = rows[width] ?? row;
    result[width] = { slidesPerView: view, slidesPerGroup: view, grid: { rows: row, fill: 'row' } };
  }
  return result;
}

export interface OptionsInput {
  slideCount: number;
  texts: CarouselTexts;
  speed: number;
  autoplayMs: number | undefined;
  perView: Record<number, number>;
  rows: Record<number, number>;
  pagination: HTMLElement;
}

/** Swiper's settings for one carousel: speed, autoplay, breakpoints, translated a11y labels. */
export function swiperOptions({ slideCount, texts, speed, autoplayMs, perView, rows, pagination }: OptionsInput): SwiperOptions {
  return {
    speed,
    watchSlidesProgress: true,
    rewind: slideCount > 1,
    keyboard: { enabled: true, onlyInViewport: true },
    autoplay: autoplayMs !== undefined && slideCount > 1 ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
    pagination: { el: pagination, clickable: true },
    breakpoints: breakpoints(perView, rows),
    a11y: {
      enabled: true,
      slideLabelMessage: texts.slideLabel,
      prevSlideMessage: texts.previous,
      nextSlideMessage: texts.next,
      paginationBulletMessage: texts.goTo,
      scrollOnFocus: false,
    },
    on: { slideChangeTransitionEnd: markInertSlides, resize: markInertSlides },
  };
}
