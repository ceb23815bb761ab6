/**
 * A script chunk that would not download: webpack's ChunkLoadError, or its message for a chunk
 * or its stylesheet. Usually a deploy replaced the files an old tab asks for.
 */
export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message));
}
