import { useSelector } from 'react-redux';
import type { RootState } from '../rootReducer';

/** The typed selector hook (the raw one is banned by the lint config); app/hooks adds the dispatch. */
export const useAppSelector = useSelector.withTypes<RootState>();
