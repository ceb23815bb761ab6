import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Swiper as SwiperClass, SwiperOptions } from 'swiper/types';
import { A11y, Autoplay, Grid, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/grid';
import 'swiper/css/pagination';

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

export interface CarouselSlide {
  key: string | number;
  content: ReactNode;
}

export interface CarouselProps {
  label: string;
  slides: CarouselSlide[];
  texts: CarouselTexts;
  /** Autoplay interval; absent means no autoplay. */
  autoplayMs?: number;
  speed: number;
  /** Layout by minimum viewport width, e.g. { 0: 1, 768: 2, 900: 4 }. */
  perView?: Record<number, number>;
  /** Rows of the grid layout by minimum viewport width. */
  rows?: Record<number, number>;
  arrows?: boolean;
  className?: string;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Slides out of view take no focus and are hidden from assistive technology. */
function markInertSlides(swiper: SwiperClass) {
  for (const slide of swiper.slides) {
    const visible = slide.classList.contains('swiper-slide-visible') || slide.classList.contains('swiper-slide-fully-visible');
    slide.inert = !visible;
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

/**
 * Swiper with the accessibility a carousel owes its visitors: a pause/play control when it
 * plays by itself, no autoplay under reduced motion, paused while hovered or focused,
 * translated slide labels, inert off-screen slides. Space is reserved by CSS before it starts.
 */
export function Carousel({ label, slides, texts, autoplayMs, speed, perView = { 0: 1 }, rows = { 0: 1 }, arrows = true, className }: CarouselProps) {
  const swiperRef = useRef<SwiperClass | null>(null);
  const autoplayAllowed = autoplayMs !== undefined && slides.length > 1;
  const [playing, setPlaying] = useState(() => autoplayAllowed && !prefersReducedMotion());
  const focusedRef = useRef(false);

  const onInit = useCallback(
    (swiper: SwiperClass) => {
      swiperRef.current = swiper;
      markInertSlides(swiper);
      if (!playing) swiper.autoplay?.stop();
    },
    // The initial play state is read once, when Swiper starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    const swiper = swiperRef.current;
    if (!swiper?.autoplay) return;
    if (playing && !focusedRef.current) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [playing]);

  const multi = Object.values(perView).some((n) => n > 1) || Object.values(rows).some((n) => n > 1);

  return (
    <section
      className={`carousel ${multi ? 'carousel--multi' : ''} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onFocus={() => {
        focusedRef.current = true;
        swiperRef.current?.autoplay?.stop();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focusedRef.current = false;
        if (playing) swiperRef.current?.autoplay?.start();
      }}
    >
      <Swiper
        modules={[A11y, Autoplay, Grid, Keyboard, Pagination]}
        speed={speed}
        watchSlidesProgress
        rewind={slides.length > 1}
        keyboard={{ enabled: true, onlyInViewport: true }}
        autoplay={autoplayAllowed ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        pagination={{ clickable: true }}
        breakpoints={breakpoints(perView, rows)}
        a11y={{
          enabled: true,
          slideLabelMessage: texts.slideLabel,
          prevSlideMessage: texts.previous,
          nextSlideMessage: texts.next,
          paginationBulletMessage: texts.goTo,
          scrollOnFocus: false,
        }}
        onInit={onInit}
        onSlideChangeTransitionEnd={markInertSlides}
        onResize={markInertSlides}
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.key}>{slide.content}</SwiperSlide>
        ))}
      </Swiper>
      {(arrows || autoplayAllowed) && slides.length > 1 && (
        <div className="carousel__controls">
          {arrows && (
            <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={texts.previous} onClick={() => swiperRef.current?.slidePrev()}>
              <span aria-hidden="true">‹</span>
            </button>
          )}
          {autoplayAllowed && (
            <button type="button" className="carousel__toggle" aria-label={playing ? texts.pause : texts.play} aria-pressed={!playing} onClick={() => setPlaying((p) => !p)}>
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
          )}
          {arrows && (
            <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={texts.next} onClick={() => swiperRef.current?.slideNext()}>
              <span aria-hidden="true">›</span>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
