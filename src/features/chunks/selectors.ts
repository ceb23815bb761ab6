import type { RootState } from '../rootReducer';

export const selectChunkReloadGaveUp = (state: RootState) => state.chunks.gaveUp;
