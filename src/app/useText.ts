import { selectLocale } from '../features/locale/selectors';
import { dictionary, type Dictionary } from '../i18n';
import { useAppSelector } from './hooks';

/** The UI strings of the current locale. */
export function useText(): Dictionary {
  return dictionary(useAppSelector(selectLocale));
}
