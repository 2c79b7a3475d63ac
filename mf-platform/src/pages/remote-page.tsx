import { useParams } from 'react-router-dom';
import { PlatformFrame } from '../components/platform-frame';
import { RemoteView } from '../features/remotes/components/remote-view';

export default function RemotePage() {
  const { name = '' } = useParams();
  return (
    <PlatformFrame>
      <RemoteView key={name} name={name} />
    </PlatformFrame>
  );
}
