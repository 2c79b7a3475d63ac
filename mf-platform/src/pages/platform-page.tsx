import { PlatformFrame } from '../components/platform-frame';
import { RemotesView } from '../features/remotes/components/remotes-view';

export default function PlatformPage() {
  return (
    <PlatformFrame>
      <RemotesView />
    </PlatformFrame>
  );
}
