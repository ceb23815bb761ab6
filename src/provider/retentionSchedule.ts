/**
 * The privacy notice's retention, kept by the provider itself: a minute after it starts
 * listening and then once a day, submissions past their period are deleted and older
 * visitors' addresses cut to their network (`staff/retention.ts`), each kind logged with its
 * count. The timers are unref'd (they never keep a process alive) and stop with the app, which
 * waits for a run in progress before the store is closed.
 */
import type { FastifyInstance } from 'fastify';
import { dailyRetention } from './staff/retention';
import type { SubmissionStore } from './submissions/store';

export interface RetentionSchedule {
  /** After the provider starts listening (default one minute). */
  firstRunMs: number;
  /** Then every (default a day). */
  everyMs: number;
}

export const DAILY_RETENTION: RetentionSchedule = { firstRunMs: 60_000, everyMs: 86_400_000 };

export function scheduleRetention(app: FastifyInstance, store: SubmissionStore, schedule: RetentionSchedule, now: () => Date = () => new Date()): void {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> = Promise.resolve();
  const retain = async () => {
    try {
      const { purged, truncated, erased } = await dailyRetention(store, now());
      for (const { kind, cutoff, rows } of purged) app.log.info({ retention: 'purge', kind, before: cutoff, rows }, `retention: purged ${rows} ${kind} stored before ${cutoff}`);
      for (const { kind, cutoff, rows } of truncated) app.log.info({ retention: 'client_ip', kind, before: cutoff, rows }, `retention: cut the address of ${rows} ${kind} stored before ${cutoff} to its network`);
      if (!erased) app.log.warn({ retention: 'wal' }, 'retention: the WAL could not be emptied while a reader held it; the next run empties it');
    } catch (error) {
      app.log.error({ err: error, retention: 'failed' }, 'retention: the daily purge failed; it runs again tomorrow');
    }
  };
  const run = () => {
    running = running.then(retain);
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
