import { DevelopersPage } from '../components/developers-page';
import { WebhooksView } from '../features/webhooks/components/webhooks-view';

export default function WebhooksPage() {
  return (
    <DevelopersPage>
      <WebhooksView />
    </DevelopersPage>
  );
}
