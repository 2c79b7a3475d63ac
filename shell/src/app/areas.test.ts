import { remoteOfModule } from '@paydesk/shared/remote-packages';
import { publicPages } from '../remotes/public-pages';
import { controlAreas } from './areas';

test('every page the shell routes to is exposed by a remote of the one list', () => {
  const ids = [...controlAreas, ...publicPages].map(({ remote }) => remote.id);
  for (const id of ids) expect([id, remoteOfModule(id)?.name]).toEqual([id, id.split('/')[0]]);
});
