/**
 * `npm run sessions:record [NAME …]`: records the committed Redux DevTools sessions from the
 * running development build, in Chromium, through the instrument enhancer the extension runs
 * (config/devtools/extension.ts), and writes each export into config/devtools/sessions/, with
 * what a replay with sagas needs (sagaReplay.ts): which actions the sagas put, every provider
 * answer, the toasts shown and the pages loaded anew. A provider answer is changed on the wire
 * only where a scenario needs one the embedded provider never gives (a refusal, a 403, an outage).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from '../../tests/browser/browser';
import { DESKTOP, startTestSite } from '../../tests/browser/harness';
import { buildDevClient, withDevTools } from './devSite';
import { pageTellingAborts } from './scenarioRoutes';
import { sortedQuery, type Exchange } from './sagaReplay';
import { SCENARIOS } from './scenarios';

const SESSIONS = join(__dirname, 'sessions');

/**
 * What the page under test keeps for the recorder: the toasts it showed and its storage when it
 * started; and, when it goes (a reload, another document), it keeps its session for the recorder.
 */
const IN_PAGE = `(() => {
  window.__recordedToasts = [];
  const STASH = '__recordedDocument';
  document.addEventListener('DOMContentLoaded', () => (window.__storageAtStart = Object.fromEntries(Object.entries(sessionStorage).filter(([key]) => key !== STASH))));
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (!(node instanceof Element)) continue;
      for (const toast of [node, ...node.querySelectorAll('*')].filter((element) => element.classList.contains('Toastify__toast'))) {
        window.__recordedToasts.push(toast.textContent);
      }
    }
  }).observe(document, { childList: true, subtree: true });
  window.__recordedDocument = () => {
    const monitor = window.__REDUX_DEVTOOLS_MONITOR__;
    return {
      session: monitor.exportSession(),
      sagaActionIds: monitor.sagaActionIds(),
      toasts: window.__recordedToasts,
      storage: window.__storageAtStart ?? {},
      pageStartedAt: Math.round(performance.timeOrigin),
    };
  };
  // The first document to go keeps its recording in the tab's storage, for the recorder to read from the next one.
  addEventListener('pagehide', () => sessionStorage.getItem(STASH) || sessionStorage.setItem(STASH, JSON.stringify(window.__recordedDocument())));
})();`;

interface RecordedDocument {
  session: string;
  sagaActionIds: number[];
  toasts: string[];
  storage: Record<string, string>;
  pageStartedAt: number;
}

/** One scenario: its page, and what it tells the recorder (the values it typed into forms). */
export interface Recording {
  page: Page;
  /** Call once per submitted form, with the values typed (fictional). */
  typed(values: Record<string, string>): void;
}

/** A provider exchange as the page made it; never answered (its load was cancelled) until it finishes. */
function exchangeOf(request: Request): Exchange {
  const address = new URL(request.url());
  return {
    method: request.method() as Exchange['method'],
    path: address.pathname.slice('/api'.length),
    query: sortedQuery(Object.fromEntries(address.searchParams)),
    status: 0,
    body: null,
  };
}

const isProviderCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');

async function record(browser: Browser, url: string, name: string, scenario: (recording: Recording) => Promise<void>) {
  const context = await browser.newContext({ baseURL: url, viewport: DESKTOP, reducedMotion: 'reduce' });
  try {
    await withDevTools(context);
    await context.addInitScript({ content: IN_PAGE });
    const page = await context.newPage();
    const provider: Exchange[] = [];
    const exchanges = new Map<Request, Exchange>();
    const answers: Promise<void>[] = [];
    const documents: string[] = [];
    const typed: Record<string, string>[] = [];
    let started = false;
    let answered = 0;
    /** Requests the scenario's own routes failed (an outage it plays), not the page. */
    const failedByScenario = new Set<Request>();
    // The site's answers are read here, whole, before the page gets them: a page that goes away
    // right after (the language switch) takes no answer with it. A scenario's own route for a
    // call (a refusal it needs) is asked first and answers instead.
    const bodies = new Map<Request, Promise<{ status: number; body: string }>>();
    await page.route('**/api/**', async (route) => {
      const answered = route.fetch().then(async (response) => ({ response, status: response.status(), body: await response.text() }));
      bodies.set(route.request(), answered);
      const { response, body } = await answered;
      // A request the page has aborted meanwhile takes no answer; what the provider said is kept.
      await route.fulfill({ response, body }).catch(() => undefined);
    });
    page.on('request', (request) => {
      if (!started || documents.length > 0) return;
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        const address = new URL(request.url());
        documents.push(request.url() === page.url() ? 'reload' : `${address.pathname}${address.search}`);
      } else if (isProviderCall(request)) {
        const exchange = exchangeOf(request);
        exchanges.set(request, exchange);
        provider.push(exchange);
      }
    });
    // An answer counts once the page has it, in the order the page got them; a request that
    // fails (aborted: its load was cancelled) stays unanswered.
    page.on('requestfinished', (request) => {
      const exchange = exchanges.get(request);
      if (!exchange) return;
      exchange.order = answered++;
      exchange.at = Date.now();
      answers.push(
        (async () => {
          const response = await request.response();
          exchange.status = response?.status() ?? 0;
          const text = (await bodies.get(request))?.body ?? (await response?.text().catch(() => '')) ?? '';
          exchange.body = text ? (JSON.parse(text) as unknown) : null;
        })().catch(() => undefined),
      );
    });
    // A request the page aborted (its load was cancelled) keeps when that was, and the answer the
    // provider gave all the same (asked again when a scenario's own route held the request, as a
    // slow network does): a replay whose sagas no longer cancel it gets that answer then.
    page.on('requestfailed', (request) => {
      const exchange = exchanges.get(request);
      if (exchange && failedByScenario.has(request)) {
        // The scenario failed it on the way: the page got no answer, and the provider was never asked.
        exchange.order = answered++;
        exchange.at = Date.now();
        exchange.failed = true;
        return;
      }
      const answer =
        bodies.get(request) ??
        (request.method() === 'GET'
          ? page.request.get(request.url()).then(async (response) => ({ status: response.status(), body: await response.text() }))
          : undefined);
      if (!exchange || !answer) return;
      exchange.order = answered++;
      exchange.at = Date.now();
      exchange.aborted = true;
      answers.push(
        (async () => {
          const { status, body } = await answer;
          exchange.status = status;
          exchange.body = body ? (JSON.parse(body) as unknown) : null;
        })().catch(() => undefined),
      );
    });
    page.on('load', () => void (started ||= true));
    await scenario({ page: pageTellingAborts(page, (request) => void failedByScenario.add(request)), typed: (values) => void typed.push(values) });
    await Promise.all(answers);
    // The first document that went away is the recorded one: the session ends with it.
    const stashed = (await page.evaluate('sessionStorage.getItem("__recordedDocument")')) as string | null;
    const { session, sagaActionIds, toasts, storage, pageStartedAt } = stashed
      ? (JSON.parse(stashed) as RecordedDocument)
      : ((await page.evaluate('window.__recordedDocument()')) as RecordedDocument);
    const file = { ...(JSON.parse(session) as object), saga: { sagaActionIds, provider, effects: { toasts, documents }, typed, storage, pageStartedAt } };
    writeFileSync(join(SESSIONS, `${name}.json`), `${JSON.stringify(file)}\n`);
    console.log(`${name}: ${JSON.parse(session).payload.length} characters, ${provider.length} provider calls`);
  } finally {
    await context.close();
  }
}

async function main() {
  const site = await startTestSite({ DIST_DIR: buildDevClient() });
  const browser = await launchBrowser();
  try {
    const only = process.argv.slice(2);
    for (const [name, scenario] of Object.entries(SCENARIOS)) if (only.length === 0 || only.includes(name)) await record(browser, site.url, name, scenario);
  } finally {
    await browser.close();
    await site.close();
  }
}

void main();
