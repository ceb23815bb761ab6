import { waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'react';
import DOMPurify from 'dompurify';
import { HtmlPurifier, RichHtml } from './RichHtml';
import { currentPurifier, loadPurifier } from './purifier';

// Its own file: the browser's DOMPurify must not have been loaded by another test yet.
describe('RichHtml on a landed page', () => {
  const serve = (html: string) => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <HtmlPurifier.Provider value={DOMPurify}>
        <RichHtml html={html} mediaUrl="" />
      </HtmlPurifier.Provider>,
    );
    document.body.append(container);
    return container;
  };

  /** Hydrates the served markup; React's warnings of the later client renders are silenced. */
  const hydrate = async (container: HTMLElement, html: string) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <RichHtml html={html} mediaUrl="" />);
    });
    return root!;
  };
  afterEach(() => jest.restoreAllMocks());

  it('hydrates the server markup without asking for DOMPurify', async () => {
    const container = serve('<p>served</p>');
    await act(async () => {
      hydrateRoot(container, <RichHtml html="<p>served</p>" mediaUrl="" />);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(currentPurifier()).toBeNull();
    expect(container.querySelector('.rich-html')?.innerHTML).toBe('<p>served</p>');
  });

  it('takes the server markup away at once when given other HTML before DOMPurify is in', async () => {
    const container = serve('<p>first</p>');
    const root = await hydrate(container, '<p>first</p>');
    await act(async () => root.render(<RichHtml html="<p>second</p>" mediaUrl="" />));
    expect(container.querySelector('.rich-html')?.textContent).not.toContain('first');
    await waitFor(() => expect(container.querySelector('.rich-html')?.innerHTML).toBe('<p>second</p>'));
  });

  it('keeps the very nodes the server sent once DOMPurify is in, and renders new HTML itself', async () => {
    const container = serve('<p>served</p>');
    const root = await hydrate(container, '<p>served</p>');
    const node = container.querySelector('.rich-html p');
    expect(node).not.toBeNull();
    // Another element of the page (or a later page) brings DOMPurify in.
    await act(() => loadPurifier());
    expect(container.querySelector('.rich-html p')).toBe(node);
    await act(async () => root.render(<RichHtml html={'<p onclick="x()">next</p>'} mediaUrl="" />));
    await waitFor(() => expect(container.querySelector('.rich-html')?.innerHTML).toBe('<p>next</p>'));
  });
});
