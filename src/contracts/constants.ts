/** Business constants and limits: one place, imported wherever needed. */

/** The server renders a page only if the provider answers all its loads within this time. */
const RENDER_DEADLINE_MS = 2000;

export const TIMING = {
  /** Provider requests time out after 10 s (client adapter and site proxy alike). */
  requestTimeoutMs: 10_000,
  homeBannerAutoplayMs: 4000,
  carouselSpeedMs: 1000,
  toastMs: 1000,
  errorToastMs: 2000,
  toastOffsetPx: 100,
  /** A chunk-load failure reloads the page at most once per minute. */
  chunkReloadGuardMs: 60_000,
  /**
   * A chunk request (script or stylesheet) that hangs fails after this long (webpack's default is
   * 120 s for scripts, none for stylesheets). The guard knows the page its reload opened, so a
   * chunk that still hangs there gives up with the message however late it fails.
   */
  chunkLoadTimeoutMs: 25_000,
  scrollTopStepMs: 20,
  renderDeadlineMs: RENDER_DEADLINE_MS,
  /**
   * How long the provider waits for Strapi before answering from the last good content. A load
   * goes site → provider → Strapi, so this must end well inside the render deadline: the other
   * half is left for the provider's own answer and the render, or a hanging Strapi would fail
   * every page before its fallback could save it.
   */
  strapiTimeoutMs: RENDER_DEADLINE_MS / 2,
  /** After Strapi fails to answer, calls answer from the last good content at once; one trial call goes to Strapi this often. */
  strapiCoolDownMs: 10_000,
  /** Anchor scroll after navigating to another page waits for it to render. */
  anchorScrollDelayMs: 200,
  /** A slow device may render the new page later still: its section is looked for again this often, for this long. */
  anchorRetryMs: 100,
  anchorWaitMs: 3000,
} as const;

export const PAGE_SIZE = {
  product: 6,
  member: 10,
  news: 5,
} as const;

/** Breakpoints of the responsive carousels and the phone layout. */
export const BREAKPOINT = {
  phone: 768,
  businessWide: 900,
} as const;

/**
 * Where Chinese sites link their filing numbers: the MIIT's ICP registry, and the Ministry
 * of Public Security's registry, which looks a site up by the digits of its 公网安备 number.
 */
export const FILING_URL = {
  icp: 'https://beian.miit.gov.cn/',
  police: 'http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=',
} as const;

export function policeFilingUrl(filingNumber: string): string {
  return `${FILING_URL.police}${filingNumber.replace(/\D/g, '')}`;
}

/** The header that carries one request's id from the site to the provider, for their logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
