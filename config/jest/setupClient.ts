import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { expectSaga } from 'redux-saga-test-plan';
import { expectNoUnexpectedApiCalls } from '../../src/features/unexpectedApiCalls.testing';

// jsdom lacks these; react-router uses them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no media queries; Swiper's breakpoints and the reduced-motion check ask for them.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy… and waitFor wait for what will appear; on a busy machine a lazy page's first import can
// take longer than the default second. Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

// Every client test: the fake api (src/features/store.testing.ts) fails the test that called it
// without a fake, even where a saga caught the rejection.
afterEach(() => expectNoUnexpectedApiCalls());

// A saga test ends when its saga ends (it returns, or END closes its watchers): `.run()` waits for
// that, not for a window of wall-clock time (the library's default, 250 ms, after which it cancels
// the saga and the assertions pass on whatever happened by then). A saga that never ends fails
// the test on its time limit instead; so does one that throws in a forked task (the library then
// waits for ever), its error logged by redux-saga above the failure.
(expectSaga as { DEFAULT_TIMEOUT: number | false }).DEFAULT_TIMEOUT = false;
