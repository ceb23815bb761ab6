import { composeWithDevTools, type devToolsEnhancer } from '@redux-devtools/remote';
import type { DevToolsEnhancerOptions, StoreEnhancer } from '@reduxjs/toolkit';

/** The remote's options; it calls the sanitizers with the index or id, as the extension does. */
type RemoteOptions = NonNullable<Parameters<typeof devToolsEnhancer>[0]>;

/**
 * Development builds only (main.tsx imports this behind NODE_ENV): where no Redux DevTools
 * extension reaches the page (a phone, a test browser), this stands where the extension's compose
 * would, so Redux Toolkit hands it the store's DevTools options (devtools.ts: the name, trace,
 * history length and the sanitizers) as it hands them to the extension. The store then reports
 * to Redux DevTools' own monitor (`npm run devtools`) on the host that served the page, at the
 * port the build was given (config/devtools/port.ts); the monitor's jumps, imports and
 * dispatches come back over the same socket.
 */
export const remoteDevTools =
  (hostname: string) =>
  ({ name, trace, maxAge, actionSanitizer, stateSanitizer }: DevToolsEnhancerOptions) =>
    composeWithDevTools({
      ...({ name, trace, maxAge, actionSanitizer, stateSanitizer } as RemoteOptions),
      realtime: true,
      hostname,
      port: Number(process.env.DEVTOOLS_PORT),
    }) as (...enhancers: StoreEnhancer[]) => StoreEnhancer;
