import { useEffect, useRef } from 'react';
import { chunkLoadFailed } from '../features/shared/chunkLoadError';
import { isChunkLoadError } from '../features/shared/chunkLoadError';
import { scrollPositionChanged } from '../features/navigation/slice';
import { useAppDispatch } from './hooks';

/** Reports scroll position only when the scroll-top button should appear or go. */
export function useScrollListener() {
  const dispatch = useAppDispatch();
  const visible = useRef<boolean | null>(null);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const now = window.scrollY > window.innerHeight;
      if (now === visible.current) return;
      visible.current = now;
      dispatch(scrollPositionChanged({ offset: Math.round(window.scrollY), viewport: window.innerHeight }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [dispatch]);
}

/** A chunk that fails outside a route change (webpack's loader) goes to the guarded reload. */
export function useChunkErrorListener() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) dispatch(chunkLoadFailed({ source: 'loader' }));
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [dispatch]);
}
