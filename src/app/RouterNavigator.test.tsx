/**
 * The sagas' navigate reaches the declarative router once it has rendered, and a full page
 * load before that (or after it is gone).
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createRouterNavigator } from './RouterNavigator';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

describe('createRouterNavigator', () => {
  it('navigates in the router once it has rendered, and loads the page before and after', () => {
    const beforeRender = jest.fn();
    const { navigate, RouterNavigator } = createRouterNavigator(beforeRender);

    navigate('/news');
    expect(beforeRender).toHaveBeenCalledWith('/news');

    const { unmount } = render(
      <MemoryRouter initialEntries={['/']}>
        <RouterNavigator />
        <Where />
      </MemoryRouter>,
    );
    act(() => navigate('/product?keyword=%E8%86%8F'));
    expect(screen.getByRole('status')).toHaveTextContent('/product');
    expect(beforeRender).toHaveBeenCalledTimes(1);

    unmount();
    navigate('/login');
    expect(beforeRender).toHaveBeenLastCalledWith('/login');
  });
});
