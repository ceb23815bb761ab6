/**
 * The replay with sagas notices when the sagas change what they do: run against a recorded
 * session with one saga changed, it names the action, the request, the toast or the navigation
 * that is no longer there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SagaReplay } from './sagaReplay';
import { readSession } from './session';

const sessionFile = (name: string) => readSession(readFileSync(join(__dirname, 'sessions', `${name}.json`), 'utf8'));

/** Replays `name` with the sagas, after `change` has replaced some module of the app. */
async function replayChanged(name: string, change: () => void): Promise<SagaReplay> {
  let result!: SagaReplay;
  await jest.isolateModulesAsync(async () => {
    change();
    const { replayWithSagas } = await import('./sagaReplay');
    const session = sessionFile(name);
    result = await replayWithSagas(session, session.saga!);
  });
  return result;
}

/** The session's first two answers swapped, as a stale answer applied after a newer one; its answers by order. */
function swapFirstTwoAnswers(session: ReturnType<typeof sessionFile>) {
  const answered = session.saga!.provider.filter((exchange) => exchange.order !== undefined).sort((a, b) => a.order! - b.order!);
  const [first, second] = [answered[0]!, answered[1]!];
  [first.order, second.order] = [second.order, first.order];
  [first.at, second.at] = [second.at, first.at];
  return answered;
}

afterEach(() => jest.resetModules());

describe('a replay with sagas', () => {
  it('passes for the code that recorded the session', async () => {
    expect((await replayChanged('expired-login-403', () => undefined)).differences).toEqual([]);
  });

  it('fails when a 403 no longer clears the session nor goes to the login page', async () => {
    const replay = await replayChanged('expired-login-403', () => {
      const { ENVELOPE_CODE } = jest.requireActual('../../src/contracts/envelope');
      jest.doMock('../../src/contracts/envelope', () => ({ ENVELOPE_CODE: { ...ENVELOPE_CODE, loginExpired: -403 } }));
    });
    expect(replay.ok).toBe(false);
    expect(replay.differences).toEqual(
      expect.arrayContaining(['a saga no longer puts {"type":"session/cleared"}', expect.stringMatching(/^a saga no longer puts .*"routeId":"login"/)]),
    );
  });

  it('fails when the answers are applied in another order than the page got them (a stale answer applied last)', async () => {
    const { replayWithSagas } = await import('./sagaReplay');
    const session = sessionFile('browse-products-news-zh');
    swapFirstTwoAnswers(session);
    const replay = await replayWithSagas(session, session.saga!);
    expect(replay.differences).toEqual([
      expect.stringMatching(/^the sagas put the actions both runs share in another order, from #\d+: recorded .*content\/succeeded/),
    ]);
  });

  it('gives a request the scenario failed on its way (an outage it played) a network failure, not an answer', async () => {
    const { replayWithSagas } = await import('./sagaReplay');
    const session = sessionFile('browse-products-news-zh');
    const first = session.saga!.provider.find((exchange) => exchange.order === 0)!;
    first.failed = true;
    const replay = await replayWithSagas(session, session.saga!);
    expect(replay.differences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a saga now puts \{"type":"errors\/apiFailed","payload":\{"kind":"network","code":null,"msg":"Network Error"\}/),
      ]),
    );
  });

  it('names a stale answer applied last even when an action is gone too', async () => {
    const { replayWithSagas } = await import('./sagaReplay');
    const session = sessionFile('browse-products-news-zh');
    const answered = swapFirstTwoAnswers(session);
    const last = answered.at(-1)!;
    session.saga!.provider = session.saga!.provider.filter((exchange) => exchange !== last);
    const replay = await replayWithSagas(session, session.saga!);
    expect(replay.differences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a saga no longer puts /),
        expect.stringMatching(/^the sagas put the actions both runs share in another order, from #\d+: recorded .*content\/succeeded/),
      ]),
    );
  });

  it('fails when a load the page left is no longer cancelled: the answer it aborted while recording is given, and applied', async () => {
    const session = sessionFile('quick-tab-taps-slow-network');
    const abandoned = session.saga!.provider.filter((exchange) => exchange.aborted);
    expect(abandoned.map((exchange) => exchange.query)).toEqual([expect.stringContaining('classify_id=2')]);
    expect((await replayChanged('quick-tab-taps-slow-network', () => undefined)).differences).toEqual([]);
    const replay = await replayChanged('quick-tab-taps-slow-network', () => {
      const actual = jest.requireActual('../../src/features/shared/sharedLoads');
      const { join, spawn } = jest.requireActual('redux-saga/effects');
      // Every run detached and waited for: a waiter whose page is left no longer cancels it.
      class NeverCancelled extends actual.SharedLoads {
        *join(_key: string, saga: (...args: unknown[]) => unknown, ...args: unknown[]): Generator<unknown, unknown, unknown> {
          return yield join((yield spawn(saga, ...args)) as never);
        }
      }
      jest.doMock('../../src/features/shared/sharedLoads', () => ({ ...actual, SharedLoads: NeverCancelled }));
    });
    expect(replay.differences).toEqual(
      expect.arrayContaining([expect.stringMatching(/^a saga now puts \{"type":"content\/succeeded","payload":\{"key":"productList\|zh\|classifyId=2&/)]),
    );
  });

  it('fails when a toast is no longer shown', async () => {
    const replay = await replayChanged('refused-section-code-1', () => {
      jest.doMock('../../src/features/errors/saga', () => ({ *watchApiErrors() {} }));
    });
    expect(replay.differences).toContain('toast no longer shown: 举报内容维护中');
  });

  it('fails when a request is no longer made', async () => {
    const replay = await replayChanged('expired-login-403', () => {
      const actual = jest.requireActual('../../src/features/navigation/routeLoads');
      jest.doMock('../../src/features/navigation/routeLoads', () => ({
        ...actual,
        routeLoads: (...args: Parameters<typeof actual.routeLoads>) => {
          const loads = actual.routeLoads(...args);
          return { ...loads, content: loads.content.filter(([name]: [string]) => name !== 'publicationList') };
        },
      }));
    });
    expect(replay.differences).toContain('no longer requested: GET /index/publication/publicationList?lan=zh');
  });

  it('fails when the page would load anew differently (the language switch no longer loads the English page)', async () => {
    const replay = await replayChanged('language-switch', () => {
      const actual = jest.requireActual('../../src/features/locale/selectors');
      jest.doMock('../../src/features/locale/selectors', () => ({ ...actual, twinUrl: () => '/en/' }));
    });
    expect(replay.differences).toEqual(expect.arrayContaining([expect.stringMatching(/^pages loaded: recorded \["\/en\/about"\], replayed \["\/en\/"\]/)]));
  });
});
