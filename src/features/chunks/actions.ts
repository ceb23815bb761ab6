import { createAction } from '@reduxjs/toolkit';

/** The visitor pressed the reload button of the chunk-failure message. */
export const chunkReloadRequested = createAction('chunks/reloadRequested');
