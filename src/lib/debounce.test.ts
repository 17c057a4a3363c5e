import { jest } from '@jest/globals';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once with the latest arguments after the quiet period', () => {
    const fn = jest.fn();
    const debounced = debounce(fn, 500);
    debounced('a');
    jest.advanceTimersByTime(300);
    debounced('ab');
    jest.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
  });

  it('cancel drops the pending call', () => {
    const fn = jest.fn();
    const debounced = debounce(fn, 500);
    debounced(1);
    debounced.cancel();
    jest.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });

  it('flush runs the pending call at once, and only once', () => {
    const fn = jest.fn();
    const debounced = debounce(fn, 500);
    debounced.flush();
    expect(fn).not.toHaveBeenCalled();
    debounced('x', 2);
    debounced.flush();
    expect(fn).toHaveBeenCalledWith('x', 2);
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
