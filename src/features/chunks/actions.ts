import { createAction } from '@reduxjs/toolkit';

/**
 * A lazily loaded chunk failed: reported by webpack's loader, or by the page's error boundary.
 * `submission`: it failed while a form was being sent, whose typed values a reload would lose.
 */
export const chunkLoadFailed = createAction<{ source: 'loader' | 'route'; submission?: true }>('chunks/loadFailed');

/** The visitor pressed the reload button of the chunk-failure message. */
export const chunkReloadRequested = createAction('chunks/reloadRequested');
