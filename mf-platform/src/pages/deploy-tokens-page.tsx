import { PlatformFrame } from '../components/platform-frame';
import { useRemoteNames } from '../features/remotes/api/remotes-api';
import { DeployTokensView } from '../features/deploy-tokens/components/deploy-tokens-view';

/** The deploy tokens, with the released remotes' names as the choices of Create token (the two features meet here). */
export default function DeployTokensPage() {
  const remoteNames = useRemoteNames();
  return (
    <PlatformFrame>
      <DeployTokensView remoteNames={remoteNames} />
    </PlatformFrame>
  );
}
