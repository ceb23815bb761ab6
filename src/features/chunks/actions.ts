import { createAction } from '@reduxjs/toolkit';

/** A lazily loaded chunk failed: from webpack's loader, or detected on a route change. */
export const chunkLoadFailed = createAction<{ source: 'loader' | 'route' }>('chunks/loadFailed');
