import type { Page, Request, Route } from 'playwright-core';
import { pageTellingAborts } from './scenarioRoutes';

/** A page that keeps the handlers routed on it, and routes with the calls made on them. */
function fakePage() {
  const handlers: ((route: Route, request: Request) => unknown)[] = [];
  const page = {
    route: jest.fn(async (_url: string, handler: (route: Route, request: Request) => unknown) => void handlers.push(handler)),
    goto: jest.fn(async () => null),
  };
  const routeOf = (request: Request) => ({ request: () => request, abort: jest.fn(async () => undefined), fallback: jest.fn(async () => undefined) });
  return { page: page as unknown as Page, raw: page, handlers, routeOf };
}

describe("a scenario's page", () => {
  it("tells the recorder which requests the scenario's own routes abort, and aborts them", async () => {
    const { page, raw, handlers, routeOf } = fakePage();
    const aborted: Request[] = [];
    const told = pageTellingAborts(page, (request) => void aborted.push(request));
    await told.route('**/api/**', (route) => route.abort('failed'));
    const request = { url: () => '/api/index/news/lists' } as unknown as Request;
    const route = routeOf(request);
    await handlers[0]!(route as unknown as Route, request);
    expect(aborted).toEqual([request]);
    expect(route.abort).toHaveBeenCalledWith('failed');
    expect(raw.route).toHaveBeenCalledWith('**/api/**', expect.any(Function), undefined);
  });

  it('tells nothing of a request its routes let through, which the page itself may give up', async () => {
    const { page, handlers, routeOf } = fakePage();
    const aborted: Request[] = [];
    const told = pageTellingAborts(page, (request) => void aborted.push(request));
    await told.route('**/api/**', (route) => route.fallback());
    const request = {} as Request;
    const route = routeOf(request);
    await handlers[0]!(route as unknown as Route, request);
    expect(route.fallback).toHaveBeenCalled();
    expect(aborted).toEqual([]);
    await told.goto('/');
  });
});
