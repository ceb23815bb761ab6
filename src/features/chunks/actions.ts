import { createAction } from '@reduxjs/toolkit';

/** A lazily loaded chunk failed: reported by webpack's loader, or by the page's error boundary. */
export const chunkLoadFailed = createAction<{ source: 'loader' | 'route' }>('chunks/loadFailed');

/** The visitor pressed the reload button of the chunk-failure message. */
export const chunkReloadRequested = createAction('chunks/reloadRequested');
