import { screen, waitFor } from '@testing-library/react';
import { configurationFake } from '../../test/fake-api/configuration';
import { fakeApi } from '../../test/fake-api/fake-api';
import {
  NETWORK_ERROR,
  offContract,
  replyOf,
  type FakeReply,
  type OperationId,
} from '../../test/fake-api/reply';
import { userRow, usersFake } from '../../test/fake-api/users';
import { openAsAdmin } from '../../test/render-app';
import { setupUser } from '../../test/screen';

/**
 * The users screen, whose every call gets `failure` (of that call) while `down()` says so (in an
 * outage every call fails alike: one that is answered meanwhile ends the banner, as it should).
 */
function usersServer(failure: (call: OperationId) => FakeReply, down = () => true) {
  const fake = fakeApi(usersFake([userRow(1)]), configurationFake());
  const calls: OperationId[] = [
    'listUsers',
    'getConfiguration',
    'getMe',
    'listSavedViews',
    'listApprovals',
  ];
  for (const call of calls) fake.on(call, () => (down() ? failure(call) : undefined));
}
const banner = () =>
  screen.queryByText(/Showing what was loaded at|Cannot reach the server|in a few seconds/);

it("a 503 says the server's sentence (its database is down), not that it cannot be reached; the next answer clears it", async () => {
  let down = true;
  // The server's 503 as the contract declares it for every operation (ServiceUnavailable).
  usersServer(
    (call) =>
      replyOf(call, 503, {
        success: false,
        status_code: 503,
        message: 'The database is unavailable; try again in a few seconds',
      }),
    () => down,
  );
  openAsAdmin('/admin/users');
  expect(
    await screen.findByText(/^The database is unavailable; try again in a few seconds\./),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Cannot reach the server/)).not.toBeInTheDocument();

  down = false;
  const user = setupUser();
  await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
  await waitFor(() => expect(banner()).not.toBeInTheDocument());
});

it('a 503 without a message (a proxy in front of the server) still says it is for now', async () => {
  // A proxy's answer, outside the contract.
  usersServer(() => offContract(503));
  openAsAdmin('/admin/users');
  expect(
    await screen.findByText(/^The server cannot answer right now; try again in a few seconds\./),
  ).toBeInTheDocument();
});

it('no answer at all says the server cannot be reached', async () => {
  usersServer(() => NETWORK_ERROR);
  openAsAdmin('/admin/users');
  expect(await screen.findByText(/^Cannot reach the server\./)).toBeInTheDocument();
});
