import { DevelopersPage } from '../components/developers-page';
import { EventsView } from '../features/webhooks/components/events-view';

export default function EventsPage() {
  return (
    <DevelopersPage>
      <EventsView />
    </DevelopersPage>
  );
}
