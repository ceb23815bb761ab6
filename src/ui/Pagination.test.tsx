import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Pagination } from './Pagination';

const texts = { label: 'Pages', previous: 'Previous', next: 'Next', page: (n: number) => `Page ${n}` };

/** A list of two pages whose page follows its own buttons, as the URL does for the site's lists. */
function TwoPages({ asked }: { asked: number[] }) {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      page={page}
      total={20}
      pageSize={10}
      texts={texts}
      onSelect={(n) => {
        asked.push(n);
        setPage(n);
      }}
    />
  );
}

describe('Pagination', () => {
  it('keeps the focus on › and ‹ when they take the visitor to an end of the list, and they then do nothing', async () => {
    const asked: number[] = [];
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<TwoPages asked={asked} />));
    const button = (label: string) => container.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!;

    expect(button('Previous').getAttribute('aria-disabled')).toBe('true');
    button('Next').focus();
    await act(async () => button('Next').click());
    expect(asked).toEqual([2]);
    expect(document.activeElement).toBe(button('Next'));
    expect(button('Next').getAttribute('aria-disabled')).toBe('true');
    await act(async () => button('Next').click());
    expect(asked).toEqual([2]);

    button('Previous').focus();
    await act(async () => button('Previous').click());
    expect(asked).toEqual([2, 1]);
    expect(document.activeElement).toBe(button('Previous'));
    await act(async () => root.unmount());
    container.remove();
  });
});
