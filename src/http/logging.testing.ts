/** What a test's Fastify logger wrote, read back as the JSON lines a log shipper would read. */
import { Writable } from 'node:stream';

export type LogLine = Record<string, any>;

/** A stream for a logger's options: each line it is given, parsed, is kept in `lines` and passed to `onLine`. */
export function logLines(onLine?: (line: LogLine) => void) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        onLine?.(line);
      }
      done();
    },
  });
  return { lines, stream };
}
