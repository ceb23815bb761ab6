/** The site server's configuration, read once from the environment (see README). */
import { resolve } from 'node:path';
import type { SiteVariant } from '../contracts/runtimeConfig';
import { parseTrustProxy, type TrustProxy } from '../contracts/trustProxy';

export interface SiteConfig {
  port: number;
  host: string;
  /** Unset: start the embedded provider on providerPort and proxy to it. */
  providerUrl: string | null;
  providerPort: number;
  /** Unset: the provider's origin. */
  mediaUrl: string | null;
  dataDir: string;
  variant: SiteVariant;
  trustProxy: TrustProxy;
  distDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const variant = env.SITE_VARIANT ?? 'standard';
  if (variant !== 'standard' && variant !== 'shop') {
    throw new Error(`SITE_VARIANT must be "standard" or "shop", not "${variant}"`);
  }
  return {
    port: port(env.PORT, 3000, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    providerUrl: env.PROVIDER_URL ? new URL(env.PROVIDER_URL).origin : null,
    providerPort: port(env.PROVIDER_PORT, 3001, 'PROVIDER_PORT'),
    mediaUrl: env.MEDIA_URL ? new URL(env.MEDIA_URL).origin : null,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    variant,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
  };
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, not "${value}"`);
  return n;
}
