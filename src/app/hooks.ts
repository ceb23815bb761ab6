import { useDispatch } from 'react-redux';
import type { AppDispatch } from './store';

/** The typed hooks; the raw ones are banned by the lint config. */
export { useAppSelector } from '../features/shared/hooks';
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
