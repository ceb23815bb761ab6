import type { ApiError } from '../../api/types';
import type { Dictionary } from '../../i18n';

/**
 * What a visitor reads about a failed load (SPEC §8): the provider's own msg only for an
 * envelope error; a network failure gets our translated sentence, never axios's English.
 */
export function errorText(error: ApiError | null, t: Dictionary): string | undefined {
  if (!error) return undefined;
  if (error.kind === 'network') return t.common.networkFailed;
  return error.msg || t.errors.unknown;
}
