import { afterPaint } from './services';

describe('afterPaint', () => {
  let frame: FrameRequestCallback | null;
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    for (let i = 0; i < 3; i++) await Promise.resolve();
    return done;
  };
  beforeEach(() => {
    jest.useFakeTimers();
    frame = null;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('settles in the task after the next frame, not before', async () => {
    const painted = afterPaint();
    jest.advanceTimersByTime(50);
    expect(await settled(painted)).toBe(false);
    frame!(0);
    expect(await settled(painted)).toBe(false);
    jest.advanceTimersByTime(0);
    expect(await settled(painted)).toBe(true);
  });

  it('settles after a tenth of a second when no frame comes, and at once in a hidden tab', async () => {
    const waiting = afterPaint();
    jest.advanceTimersByTime(99);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);

    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    frame = null;
    expect(await settled(afterPaint())).toBe(true);
    expect(frame).toBeNull();
  });
});
