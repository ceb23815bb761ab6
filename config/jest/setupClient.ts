import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router uses them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no media queries; Swiper's breakpoints and the reduced-motion check ask for them.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// findBy… and waitFor wait for what will appear; on a busy machine a lazy page's first import can
// take longer than the default second. Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });
