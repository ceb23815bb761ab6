/**
 * For the tests: a TCP proxy in front of PostgreSQL that can stop forwarding without closing
 * anything, as a database host that vanished (power cut, a firewall dropping packets) leaves
 * its connections: no FIN, no RST, no answer. Until then it forwards both ways.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface HalfOpenProxy {
  /** `databaseUrl` reached through the proxy. */
  url: string;
  /** From now on nothing is forwarded either way, and nothing is closed. */
  stall(): void;
  /**
   * Stalls once a client sends a statement whose text matches `sql`, that statement withheld; or,
   * `delivered`, passed on with its answer withheld, as a connection lost right after the server
   * heard it (a COMMIT done whose client never learns it).
   */
  stallOn(sql: RegExp, options?: { delivered?: boolean }): void;
  /** Forwards again (connections opened while stalled stay silent). */
  resume(): void;
  close(): Promise<void>;
}

export async function startHalfOpenProxy(databaseUrl: string): Promise<HalfOpenProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let stalled = false;
  let trigger: RegExp | undefined;
  let deliver = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (stalled) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.on('data', (chunk) => {
      if (!stalled && trigger?.test(chunk.toString('latin1'))) {
        if (deliver) upstream.write(chunk);
        stalled = true;
      }
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => void (stalled || client.write(chunk)));
    // Either side closing closes the other, unless stalled: then the peer hears nothing.
    client.on('close', () => stalled || upstream.destroy());
    upstream.on('close', () => stalled || client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: url.toString(),
    stall: () => void (stalled = true),
    stallOn: (sql, { delivered = false } = {}) => {
      trigger = sql;
      deliver = delivered;
    },
    resume: () => void (stalled = false),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
