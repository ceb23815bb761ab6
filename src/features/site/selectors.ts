import type { RootState } from '../rootReducer';

export const selectVariant = (state: RootState) => state.site.variant;
export const selectMediaUrl = (state: RootState) => state.site.mediaUrl;
