/**
 * The monitor's server process (monitor.ts starts it): @redux-devtools/cli, with two fixes to
 * what the monitor sends an app through it, so that @redux-devtools/remote acts on it as the
 * extension does:
 * - What the monitor asks of one app (a jump, an import, a dispatch) goes on the channel
 *   `sc-<that app's socket id>`, which the remote never subscribes to, so no app ever got it
 *   (reduxjs/redux-devtools#1340). Here it goes to that socket alone, on the channel the socket
 *   does watch (`respond`, the one the CLI gives every app at login).
 * - An imported file reaches the app as it was read. The extension opens the `{ payload,
 *   preloadedState }` files DevTools export (and our recordings); the remote takes the text for
 *   a lifted state. Here such a file's payload (a lifted state or a list of actions) goes on.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

interface AppSocket {
  transmit(event: string, data: unknown): void;
  isSubscribed(channel: string): boolean;
  listener(event: 'subscribe'): AsyncIterable<{ channel: string }>;
}
interface Server {
  clients: Record<string, AppSocket>;
  exchange: { transmitPublish(channel: string, data?: unknown): Promise<void> };
}
// The CLI's own copy (one in node_modules), patched before the CLI attaches its server.
const socketClusterServer = createRequire(__filename)('socketcluster-server') as { attach(...args: unknown[]): Server };

interface Message {
  type: string;
  state?: string;
}

function importable(message: Message): Message {
  if (message.type !== 'IMPORT' || !message.state) return message;
  try {
    const { payload } = JSON.parse(message.state) as { payload?: unknown };
    return typeof payload === 'string' ? { ...message, state: payload } : message;
  } catch {
    // Not JSON: passed on as it is, for the remote to report.
    return message;
  }
}

const RESPOND = 'respond';
const attach = socketClusterServer.attach;
socketClusterServer.attach = (...args) => {
  const server = attach(...args);
  const publish = server.exchange.transmitPublish.bind(server.exchange);
  server.exchange.transmitPublish = async (channel, data) => {
    const app = channel.startsWith('sc-') ? server.clients[channel.slice('sc-'.length)] : undefined;
    if (!app) return publish(channel, data);
    // The monitor answers an app's first word (START) at once, maybe before the app has subscribed.
    if (!app.isSubscribed(RESPOND)) for await (const { channel } of app.listener('subscribe')) if (channel === RESPOND) break;
    app.transmit('#publish', { channel: RESPOND, data: importable(data as Message) });
  };
  return server;
};

// The CLI reads its options from the command line this process was given.
void import(pathToFileURL(require.resolve('@redux-devtools/cli/bin/redux-devtools.js')).href);
