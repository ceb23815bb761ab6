import { selectScrollTopVisible } from '../../features/navigation/selectors';
import { scrollTopRequested } from '../../features/navigation/slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useText } from '../useText';

export function ScrollTopButton() {
  const t = useText();
  const dispatch = useAppDispatch();
  const visible = useAppSelector(selectScrollTopVisible);
  if (!visible) return null;
  return (
    <button type="button" className="scroll-top" aria-label={t.nav.scrollTop} onClick={() => dispatch(scrollTopRequested())}>
      <span aria-hidden="true">↑</span>
    </button>
  );
}
