import type { RootState } from '../../app/store';

export const selectVariant = (state: RootState) => state.site.variant;
export const selectMediaUrl = (state: RootState) => state.site.mediaUrl;
