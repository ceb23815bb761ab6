import { render, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'react';
import DOMPurify from 'dompurify';
import { HtmlPurifier, RichHtml, sanitizeHtml } from './RichHtml';

// The page's own DOM (jsdom here), as in the browser.
const purifier = DOMPurify;
const relevelHeadings = (html: string, headingLevel: number) => sanitizeHtml(html, '', { purifier, headingLevel });

describe('relevelHeadings', () => {
  it('lifts the highest heading to the given level and keeps the others below it', () => {
    expect(relevelHeadings('<h3 id="a">Duties</h3><p>x</p><h4>Detail</h4><h3>Needs</h3>', 2)).toBe(
      '<h2 id="user-content-a">Duties</h2><p>x</p><h3>Detail</h3><h2>Needs</h2>',
    );
  });

  it('lowers headings that would compete with the page title, capped at h6', () => {
    expect(relevelHeadings('<h1>A</h1><h6>B</h6>', 3)).toBe('<h3>A</h3><h6>B</h6>');
  });

  it('leaves content without headings, or already at the level, as it is', () => {
    expect(relevelHeadings('<p>plain</p>', 2)).toBe('<p>plain</p>');
    expect(relevelHeadings('<h2>x</h2>', 2)).toBe('<h2>x</h2>');
  });

  it('applies to RichHtml after sanitising, once the browser has loaded DOMPurify', async () => {
    const { container } = render(<RichHtml html={'<h3 onclick="alert(1)">Duties</h3>'} mediaUrl="" headingLevel={2} />);
    await waitFor(() => expect(container.innerHTML).toBe('<div class="rich-html "><h2>Duties</h2></div>'));
  });
});

describe('sanitising on the server', () => {
  it('gives the same markup with a jsdom window as with the page’s own DOM', async () => {
    const { JSDOM } = await import('jsdom');
    const { default: createPurifier } = await import('dompurify');
    const server = createPurifier(new JSDOM('').window as unknown as Window & typeof globalThis);
    const html =
      '<h3>T</h3><img src="/a.png" onerror="x()"><a href="javascript:x()" target="_blank">l</a><img src="https://evil.invalid/x.png"><p>中文 &amp; text</p>';
    const expected = sanitizeHtml(html, 'https://media.example.com', { purifier, headingLevel: 2 });
    expect(sanitizeHtml(html, 'https://media.example.com', { purifier: server, headingLevel: 2 })).toBe(expected);
    expect(expected).toBe(
      '<h2>T</h2><img src="https://media.example.com/a.png" loading="lazy"><a target="_blank" rel="noopener noreferrer">l</a><img loading="lazy"><p>中文 &amp; text</p>',
    );
  });
});

describe('RichHtml hydrating the server markup', () => {
  it('keeps the sanitised server markup while the browser has no DOMPurify yet, and never shows raw HTML', async () => {
    const html = '<p>safe</p><img src="x" onerror="window.__hit = 1">';
    const element = <RichHtml html={html} mediaUrl="" />;
    const served = renderToString(<HtmlPurifier.Provider value={purifier}>{element}</HtmlPurifier.Provider>);
    expect(served).not.toContain('onerror');
    const container = document.createElement('div');
    container.innerHTML = served;
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, element);
    });
    expect(container.querySelector('.rich-html p')?.textContent).toBe('safe');
    expect(container.innerHTML).not.toContain('onerror');
    errors.mockRestore();
  });
});
