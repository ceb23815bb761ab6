/**
 * A click the page may take over: the main button, no modifier key (Ctrl/Cmd open a new tab,
 * Shift a new window, Alt downloads), not already handled. Any other click is the browser's.
 */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/** A link that opens another page of this site in this tab: not a new tab, a download, another site or a jump within the page. */
export function isOwnPageLink(link: HTMLAnchorElement): boolean {
  if (!link.hasAttribute('href') || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const here = window.location;
  return link.origin === here.origin && !(link.pathname === here.pathname && link.search === here.search && link.hash !== '');
}
