import { jest } from '@jest/globals';
import { notify, setMessageApi, type MessageApi } from './notify';

function fakeApi() {
  return { error: jest.fn(), success: jest.fn(), info: jest.fn() } satisfies MessageApi;
}

describe('notify', () => {
  it('shows toasts through the registered message API, with key and duration when given', () => {
    const api = fakeApi();
    const unregister = setMessageApi(api);
    notify.error('Failed');
    notify.success('Saved', 'save', 5);
    notify.info('Noted');
    expect(api.error).toHaveBeenCalledWith('Failed');
    expect(api.info).toHaveBeenCalledWith('Noted');
    expect(api.success).toHaveBeenCalledWith({ content: 'Saved', key: 'save', duration: 5 });
    unregister();
  });

  it('keeps toasts asked for while no API is mounted (the last 5) for the next one', () => {
    const first = fakeApi();
    setMessageApi(first)();
    for (let i = 1; i <= 7; i += 1) notify.error(`Error ${i}`);
    expect(first.error).not.toHaveBeenCalled();
    const next = fakeApi();
    const unregister = setMessageApi(next);
    expect(next.error.mock.calls.map(([content]) => content)).toEqual([
      'Error 3',
      'Error 4',
      'Error 5',
      'Error 6',
      'Error 7',
    ]);
    unregister();
  });

  it('an older API unregistering does not remove a newer one', () => {
    const older = fakeApi();
    const unregisterOlder = setMessageApi(older);
    const newer = fakeApi();
    const unregisterNewer = setMessageApi(newer);
    unregisterOlder();
    notify.success('Done');
    expect(newer.success).toHaveBeenCalledWith('Done');
    unregisterNewer();
  });
});
