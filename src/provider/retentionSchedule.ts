/**
 * The privacy notice's retention, kept by the provider itself: a minute after it starts
 * listening and then once a day, submissions past their period are deleted and older
 * visitors' addresses cut to their network (`submissions/retention.ts`), each kind logged with its
 * count. Every host sharing a store schedules it, and the first to claim the (Beijing) day in
 * `job_runs` runs it, so it runs once for the site. A run that fails is logged and recorded with
 * its claim; the next day's run is a new claim, never queued behind a run still stuck (the
 * database's timeouts end that one), which is logged instead. The timers are unref'd and stop
 * with the app, which waits for a run in progress before the store is closed.
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { beijingDay } from './submissions/caseReference';
import { dailyRetention } from './submissions/retention';
import type { SubmissionStore } from './submissions/store';

export interface RetentionSchedule {
  /** After the provider starts listening (default one minute). */
  firstRunMs: number;
  /** Then every (default a day). */
  everyMs: number;
  /** The clock that names the day a run claims (tests move it). */
  now?: () => Date;
}

export const DAILY_RETENTION: RetentionSchedule = { firstRunMs: 60_000, everyMs: 86_400_000 };
export const RETENTION_JOB = 'retention';

async function retain(app: FastifyInstance, store: SubmissionStore, at: Date): Promise<void> {
  const day = beijingDay(at);
  const host = `${hostname()}:${process.pid}`;
  if (!(await store.claimDailyJob(RETENTION_JOB, day, host, at.toISOString()))) {
    app.log.info({ retention: 'claimed', day }, `retention: ${day} is run by another process of the site`);
    return;
  }
  let failure: string | null = null;
  try {
    const { purged, truncated, notErased } = await dailyRetention(store, at);
    for (const { kind, cutoff, rows } of purged)
      app.log.info({ retention: 'purge', kind, before: cutoff, rows }, `retention: purged ${rows} ${kind} stored before ${cutoff}`);
    for (const { kind, cutoff, rows } of truncated)
      app.log.info(
        { retention: 'client_ip', kind, before: cutoff, rows },
        `retention: cut the address of ${rows} ${kind} stored before ${cutoff} to its network`,
      );
    for (const reason of notErased) app.log.warn({ retention: 'erase' }, `retention: ${reason}`);
  } catch (error) {
    failure = (error as Error).message;
    app.log.error({ err: error, retention: 'failed', day }, 'retention: the daily purge failed; it runs again tomorrow');
  }
  await store.finishDailyJob(RETENTION_JOB, day, new Date().toISOString(), failure);
}

export function scheduleRetention(app: FastifyInstance, store: SubmissionStore, schedule: RetentionSchedule): void {
  const now = schedule.now ?? (() => new Date());
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) {
      app.log.error({ retention: 'stuck' }, 'retention: the previous run has not finished; this one is skipped');
      return;
    }
    running = retain(app, store, now())
      .catch((error: unknown) =>
        app.log.error({ err: error, retention: 'failed' }, 'retention: the run could not be claimed or recorded; it runs again tomorrow'),
      )
      .finally(() => (running = undefined));
  };
  app.addHook('onListen', async () => {
    if (timers.length > 0) return;
    timers.push(setTimeout(run, schedule.firstRunMs).unref(), setInterval(run, schedule.everyMs).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}
