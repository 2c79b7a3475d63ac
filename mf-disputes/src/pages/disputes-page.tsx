import { DisputesFrame } from '../components/disputes-frame';
import { DisputesView } from '../features/disputes/components/disputes-view';

export default function DisputesPage() {
  return (
    <DisputesFrame>
      <DisputesView />
    </DisputesFrame>
  );
}
