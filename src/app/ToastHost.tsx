/**
 * The toast library and its container, loaded with the first toast (src/app/toasts.ts) so it
 * stays out of the initial JavaScript. Mounted in its own root: toasts belong to the browser
 * only and are never part of a server-rendered page.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TIMING } from '../contracts/constants';

export type Toast = typeof toast;

/** Resolves once the container is mounted, so no toast shown after it is lost. */
export function mountToastHost(): Promise<Toast> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    host.className = 'toast-host';
    document.body.append(host);
    function Ready() {
      useEffect(() => resolve(toast), []);
      return null;
    }
    createRoot(host).render(
      <>
        <ToastContainer position="top-center" autoClose={TIMING.toastMs} style={{ top: TIMING.toastOffsetPx }} newestOnTop />
        <Ready />
      </>,
    );
  });
}
