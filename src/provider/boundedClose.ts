/**
 * The provider's close() ends however busy it is when called. Node closes the connections idle
 * at that moment; one busy then would stay open after its answer, kept alive, and hold close()
 * until the client drops it: undici keeps such a socket as long as the provider's Keep-Alive hint
 * says (72 s), and the site in front asks with undici. So once closing, every answer ends its
 * connection (announced with Connection: close when its headers are still to go, the socket
 * ended once sent when they went before), and after a grace the connections of answers still
 * unfinished (a stalled upstream, a client that stopped reading) are ended.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long closing waits for answers in flight before it ends their connections. */
export const CLOSE_GRACE_MS = 8_000;

export function boundClose(app: FastifyInstance, graceMs: number = CLOSE_GRACE_MS): void {
  let closing = false;
  let forced: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    forced = setTimeout(() => app.server.closeAllConnections(), graceMs);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    // Its headers promised keep-alive before closing began; the answer is whole, the socket idle.
    const socket = request.raw.socket as Partial<Socket> | undefined; // injected requests have a stand-in
    if (closing && typeof socket?.end === 'function' && !socket.destroyed) socket.end();
  });
  app.addHook('onClose', async () => clearTimeout(forced));
}
