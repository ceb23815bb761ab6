import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import type { Swiper as SwiperClass } from 'swiper/types';
import { markInertSlides, swiperOptions, type CarouselTexts } from './carouselOptions';
import { whenIdle } from './idle';
import { whenNearViewport } from './nearViewport';
import { useReducedMotion } from './useReducedMotion';
import 'swiper/css';
import 'swiper/css/grid';
import 'swiper/css/pagination';

export type { CarouselTexts } from './carouselOptions';

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

/**
 * A carousel with the accessibility it owes its visitors: a pause/play control when it plays by
 * itself, no autoplay under reduced motion, paused while hovered or focused, translated slide
 * labels, inert off-screen slides. The server and the first client render give Swiper's markup
 * without its script; CSS shows that as the first slide (theme.css), and Swiper itself is
 * loaded once the page is idle and the carousel near the screen, or the visitor reaches for it,
 * then takes the markup over.
 */
export function Carousel({ label, slides, texts, autoplayMs, speed, perView = { 0: 1 }, rows = { 0: 1 }, arrows = true, className }: CarouselProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const paginationRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperClass | null>(null);
  const startRef = useRef<() => void>(() => {});
  const autoplayAllowed = autoplayMs !== undefined && slides.length > 1;
  const reducedMotion = useReducedMotion();
  // The visitor's pause or play; until then it plays unless they prefer reduced motion.
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = autoplayAllowed && (choice ?? !reducedMotion);
  const playingRef = useRef(playing);
  const focusedRef = useRef(false);
  // Arrow taps that came before Swiper did (+1 per next, −1 per previous), taken once it is set up.
  const pendingStepsRef = useRef(0);
  // Swiper is set up again when the slides or the language's labels change.
  const setupKey = slides.map((slide) => slide.key).join('\u0000') + JSON.stringify(texts);

  const setUp = useEffectEvent((container: HTMLElement, pagination: HTMLElement, createSwiper: typeof import('./swiperRuntime').createSwiper) => {
    const swiper = createSwiper(container, swiperOptions({ texts, speed, autoplayMs, perView, rows, slideCount: slides.length, pagination }));
    swiperRef.current = swiper;
    const steps = pendingStepsRef.current;
    pendingStepsRef.current = 0;
    for (let i = 0; i < Math.abs(steps); i++) {
      if (steps > 0) swiper.slideNext(0);
      else swiper.slidePrev(0);
    }
    markInertSlides(swiper);
    if (!playingRef.current || focusedRef.current) swiper.autoplay?.stop();
  });

  useEffect(() => {
    let cancelled = false;
    let started = false;
    let setUpTimer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (started) return;
      started = true;
      void import('./swiperRuntime').then(({ createSwiper }) => {
        // Each carousel sets itself up in a task of its own: a page with several would otherwise
        // evaluate Swiper and build them all in the one task that loaded it.
        setUpTimer = setTimeout(() => {
          const container = containerRef.current;
          const pagination = paginationRef.current;
          if (!cancelled && container && pagination) setUp(container, pagination, createSwiper);
        }, 0);
      });
    };
    startRef.current = start;
    // Swiper loads when the page is idle and the carousel is on screen or close to it.
    const stopWaiting = containerRef.current ? whenNearViewport(containerRef.current, () => whenIdle(start)) : () => {};
    return () => {
      cancelled = true;
      stopWaiting();
      clearTimeout(setUpTimer);
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, [setupKey]);

  useEffect(() => {
    playingRef.current = playing;
    const swiper = swiperRef.current;
    if (!swiper?.autoplay) return;
    if (playing && !focusedRef.current) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [playing]);

  const step = (by: 1 | -1) => {
    const swiper = swiperRef.current;
    if (!swiper) {
      pendingStepsRef.current += by;
      startRef.current();
    } else if (by > 0) swiper.slideNext();
    else swiper.slidePrev();
  };

  const multi = Object.values(perView).some((n) => n > 1) || Object.values(rows).some((n) => n > 1);

  return (
    <section
      className={`carousel ${multi ? 'carousel--multi' : ''} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => startRef.current()}
      onFocus={() => {
        focusedRef.current = true;
        startRef.current();
        swiperRef.current?.autoplay?.stop();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focusedRef.current = false;
        if (playingRef.current) swiperRef.current?.autoplay?.start();
      }}
    >
      <div className="swiper" ref={containerRef}>
        <div className="swiper-wrapper">
          {slides.map((slide) => (
            <div className="swiper-slide" key={slide.key}>
              {slide.content}
            </div>
          ))}
        </div>
        <div className="swiper-pagination" ref={paginationRef} />
      </div>
      {(arrows || autoplayAllowed) && slides.length > 1 && (
        <div className="carousel__controls">
          {arrows && (
            <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={texts.previous} onClick={() => step(-1)}>
              <span aria-hidden="true">‹</span>
            </button>
          )}
          {autoplayAllowed && (
            <button
              type="button"
              className="carousel__toggle"
              aria-label={playing ? texts.pause : texts.play}
              aria-pressed={!playing}
              onClick={() => setChoice(!playing)}
            >
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
          )}
          {arrows && (
            <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={texts.next} onClick={() => step(1)}>
              <span aria-hidden="true">›</span>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
