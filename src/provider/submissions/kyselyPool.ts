/**
 * A pg pool as Kysely's PostgresDialect takes it, with one difference: a connection whose query
 * got no answer from PostgreSQL (pg's `query_timeout`, a connection lost) is closed when Kysely
 * releases it, not given back to the pool. Kysely releases every connection as healthy, and pg
 * keeps such a client waiting for the answer to the query it gave up on: the next query that took
 * it (the pool hands out the newest idle connection first) would wait behind that one and time
 * out as well. An error PostgreSQL itself answered (a constraint, a syntax error) leaves the
 * connection in step, so it goes back to the pool as usual.
 */
import pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

export function closingUnanswered(pool: pg.Pool): PostgresPool {
  return {
    Client: pg.Client,
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let unanswered: Error | undefined;
      const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
        try {
          return await client.query(text, parameters as unknown[]);
        } catch (error) {
          if (!(error instanceof pg.DatabaseError)) unanswered = error as Error;
          throw error;
        }
      };
      return {
        processID: (client as unknown as { processID?: number }).processID,
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy) => client.release(unanswered ?? destroy),
      };
    },
  };
}
