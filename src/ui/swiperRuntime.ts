/**
 * Swiper itself, loaded on demand once a carousel becomes interactive (src/ui/Carousel.tsx):
 * the server-rendered first slide stands in until then, so the library stays out of the
 * initial JavaScript.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Grid, Keyboard, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';

export function createSwiper(container: HTMLElement, options: SwiperOptions): Swiper {
  return new Swiper(container, { modules: [A11y, Autoplay, Grid, Keyboard, Pagination], ...options });
}
