/**
 * The provider's memory for outages follows Strapi even when a webhook is lost: Strapi sends each
 * webhook once and never again, so a takedown (or an edit) made while the site was restarting, or
 * whose call to the provider failed, would otherwise stay in the answers nobody asks, to be served
 * in the next outage. Every few minutes the answers Strapi has not given again for as long are
 * asked again, one at a time (client.ts, `recheck`); what visitors ask keeps itself current. The
 * timer is unref'd and stops with the app, which ends a round in progress after its current call.
 */
import type { FastifyInstance } from 'fastify';
import type { RecheckReport } from './client';

/** How often, and how old an answer must be to be asked again: the longest a lost takedown stays kept. */
export const RECHECK_EVERY_MS = 5 * 60_000;

export function scheduleRecheck(
  app: FastifyInstance,
  recheck: (olderThanMs: number, signal: AbortSignal) => Promise<RecheckReport>,
  everyMs: number = RECHECK_EVERY_MS,
): void {
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const run = () => {
    // A round still asking (many addresses, a slow Strapi) is not doubled.
    if (running) return;
    running = recheck(everyMs, stop.signal)
      .then(({ asked, forgotten, stopped }) => {
        if (asked > 0)
          app.log.info({ recheck: { asked, forgotten, stopped } }, `Strapi: ${asked} kept answers asked again${stopped ? ', the rest next round' : ''}`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'Strapi: the kept answers could not be asked again'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, everyMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  });
}
