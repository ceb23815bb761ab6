import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Reveal } from './Reveal';

// jsdom has no IntersectionObserver: a stand-in the test drives.
let report: (isIntersecting: boolean) => void = () => {};
class FakeObserver {
  constructor(callback: IntersectionObserverCallback) {
    report = (isIntersecting) => callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  observe() {}
  disconnect() {}
}

async function hydrated() {
  const element = (
    <Reveal as="section" id="about">
      <p>Content</p>
    </Reveal>
  );
  const html = renderToString(element);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, element);
  });
  return { html, section: container.querySelector('section') as HTMLElement };
}

describe('Reveal rendered on the server, hydrated in the browser', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    Object.assign(window, { IntersectionObserver: FakeObserver });
  });
  afterEach(() => errors.mockRestore());

  it('serves visible content and hydrates without a mismatch', async () => {
    const { html, section } = await hydrated();
    expect(html).toContain('Content');
    expect(html).not.toMatch(/is-pending|is-shown/);
    expect(errors).not.toHaveBeenCalled();
    expect(section).not.toHaveClass('is-pending');
  });

  it('hides a section below the fold until it scrolls into view, then shows it for good', async () => {
    const { section } = await hydrated();
    act(() => report(false));
    expect(section).toHaveClass('is-pending');
    act(() => report(true));
    expect(section).toHaveClass('is-shown');
    expect(section).not.toHaveClass('is-pending');
  });

  it('leaves a section already in view as it is (no flash)', async () => {
    const { section } = await hydrated();
    act(() => report(true));
    expect(section.className).not.toMatch(/is-pending|is-shown/);
  });
});
