/**
 * Runtime configuration the site server injects into index.html as a
 * <meta name="app-config" content="{json}"> tag (no inline script, so the CSP stays strict).
 */
export type SiteVariant = 'standard' | 'shop';

export interface RuntimeConfig {
  /** Origin that prefixes the provider's relative media paths, e.g. http://localhost:3001 */
  mediaUrl: string;
  variant: SiteVariant;
}

export const RUNTIME_CONFIG_META = 'app-config';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = { mediaUrl: '', variant: 'standard' };

export function parseRuntimeConfig(json: string | null | undefined): RuntimeConfig {
  if (!json) return DEFAULT_RUNTIME_CONFIG;
  try {
    const value = JSON.parse(json) as Partial<RuntimeConfig>;
    return {
      mediaUrl: typeof value.mediaUrl === 'string' ? value.mediaUrl : '',
      variant: value.variant === 'shop' ? 'shop' : 'standard',
    };
  } catch {
    return DEFAULT_RUNTIME_CONFIG;
  }
}

/** Id of the JSON data block holding the store state a server-rendered page was made from. */
export const STATE_ELEMENT_ID = 'app-state';

/**
 * What the app tells the boot script (src/app/boot.ts) on the document: hydration starts (React
 * answers taps from then on), hydration is done (taps kept until then are given to the app).
 */
export const APP_HYDRATING_EVENT = 'app:hydrating';
export const APP_HYDRATED_EVENT = 'app:hydrated';
/** Set on <html> by the boot script when the visitor scrolls before the app is live (a wheel, a touch, a scroll key). */
export const SCROLLED_EARLY_ATTRIBUTE = 'data-scrolled-early';
