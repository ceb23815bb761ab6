import { afterNextPaint } from './afterNextPaint';

describe('afterNextPaint', () => {
  let frame: FrameRequestCallback | null;
  beforeEach(() => {
    jest.useFakeTimers();
    frame = null;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('runs in the task after the next frame, not before, and once', () => {
    const callback = jest.fn();
    afterNextPaint(callback);
    jest.advanceTimersByTime(50);
    frame!(0);
    expect(callback).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after a tenth of a second when no frame comes, and in the next task in a hidden tab', () => {
    const waiting = jest.fn();
    afterNextPaint(waiting);
    jest.advanceTimersByTime(99);
    expect(waiting).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(waiting).toHaveBeenCalledTimes(1);

    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    frame = null;
    const hidden = jest.fn();
    afterNextPaint(hidden);
    jest.advanceTimersByTime(0);
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(frame).toBeNull();
  });

  it('does nothing once cancelled', () => {
    const callback = jest.fn();
    const cancel = jest.spyOn(window, 'cancelAnimationFrame');
    afterNextPaint(callback)();
    expect(cancel).toHaveBeenCalledWith(1);
    jest.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
  });
});
