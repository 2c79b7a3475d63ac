import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { liveRemotes } from './remote-loader';
import { reportRemote } from './remote-reports';

jest.mock('./remote-loader', () => ({ liveRemotes: jest.fn() }));
(liveRemotes as jest.MockedFunction<typeof liveRemotes>).mockReturnValue([
  { name: 'mf_cards', entry: '/remotes/mf-cards/remoteEntry.js', version: '1.4.0', areas: [] },
]);

const flushed = () => new Promise((resolve) => setTimeout(resolve, 10));

test("reports of one moment go in one request, with the remote's version; its first load only; unknown remotes not at all", async () => {
  const api = fakeApi({ 'POST /api/platform/remote-reports': () => ({ status: 204 }) });
  reportRemote('mf_cards/CardsPage', 'loaded');
  reportRemote('mf_cards/CardsPage', 'loaded');
  reportRemote('mf_cards/CardPage', 'render_failed', new Error('x'.repeat(400)));
  reportRemote('mf_other/Page', 'load_failed', new Error('gone'));
  await flushed();
  reportRemote('mf_cards/CardsPage', 'loaded');
  await flushed();
  const calls = api.callsTo('POST /api/platform/remote-reports');
  expect(calls).toHaveLength(1);
  expect(calls[0]?.body).toEqual({
    reports: [
      { remote: 'mf_cards', version: '1.4.0', phase: 'loaded' },
      { remote: 'mf_cards', version: '1.4.0', phase: 'render_failed', message: 'x'.repeat(300) },
    ],
  });
});
