import type { ApiError } from '../../api/types';
import { ENVELOPE_CODE } from '../../contracts/envelope';
import type { Dictionary } from '../../i18n';

/**
 * What a visitor reads about a failed call, wherever it is shown: the error toast,
 * a form's message, a section that did not load. The provider's own msg only for an envelope
 * error other than 402, which has fixed words; a network failure gets our translated sentence,
 * never axios's English.
 */
export function errorText(error: ApiError, t: Dictionary): string;
export function errorText(error: ApiError | null, t: Dictionary): string | undefined;
export function errorText(error: ApiError | null, t: Dictionary): string | undefined {
  if (!error) return undefined;
  if (error.kind === 'network') return t.common.networkFailed;
  if (error.code === ENVELOPE_CODE.tokenMissing) return t.errors.tokenMissing;
  return error.msg || t.errors.unknown;
}
