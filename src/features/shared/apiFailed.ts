import { createAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';

/** Every failed call is reported once, here; one saga decides what the visitor sees. */
export const apiFailed = createAction<ApiError>('errors/apiFailed');
