import { useParams } from 'react-router-dom';
import { DisputesFrame } from '../components/disputes-frame';
import { DisputeView } from '../features/disputes/components/dispute-view';

export default function DisputePage() {
  const { id = '' } = useParams();
  return (
    <DisputesFrame>
      <DisputeView key={id} id={id} />
    </DisputesFrame>
  );
}
