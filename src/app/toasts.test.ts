import { screen } from '@testing-library/react';
import { showToast } from './toasts';

// The real toast library, counted when it is first loaded.
const mockLoads = { host: 0 };
jest.mock('./ToastHost', () => {
  mockLoads.host += 1;
  return jest.requireActual('./ToastHost');
});

describe('toasts on demand', () => {
  it('loads the toast library with the first toast, mounts one container and loses no toast', async () => {
    expect(mockLoads.host).toBe(0);
    expect(document.querySelector('.Toastify')).toBeNull();
    showToast('error', 'First failure', { autoClose: 2000 });
    showToast('success', 'Saved');
    // The first toast waits for a frame and for the library's first load (transformed for coverage here).
    expect(await screen.findByText('First failure', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    showToast('info', 'Later');
    expect(await screen.findByText('Later')).toBeInTheDocument();
    expect(mockLoads.host).toBe(1);
    expect(document.querySelectorAll('.Toastify')).toHaveLength(1);
  });
});
