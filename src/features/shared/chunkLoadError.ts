import { createAction } from '@reduxjs/toolkit';

/**
 * A script chunk that would not download: webpack's ChunkLoadError, or its message for a chunk
 * or its stylesheet. Usually a deploy replaced the files an old tab asks for.
 */
export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message));
}

/**
 * A lazily loaded chunk failed: reported by webpack's loader, by `callApi`, or by the page's error boundary
 * (the chunks saga guards the reload).
 * `submission`: it failed while a form was being sent, whose typed values a reload would lose.
 * The type names the folder whose saga answers it (chunks/) and stays so: recorded sessions
 * (config/devtools/sessions) carry it.
 */
export const chunkLoadFailed = createAction<{ source: 'loader' | 'route'; submission?: true }>('chunks/loadFailed');
