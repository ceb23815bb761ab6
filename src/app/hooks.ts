import { useDispatch, useStore } from 'react-redux';
import type { AppDispatch, AppStore } from './store';

/** The typed hooks; the raw ones are banned by the lint config. */
export { useAppSelector } from '../features/shared/hooks';
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppStore = useStore.withTypes<AppStore>();
