import { DevelopersPage } from '../components/developers-page';
import { RequestLogView } from '../features/api-keys/components/request-log-view';

export default function RequestLogPage() {
  return (
    <DevelopersPage>
      <RequestLogView />
    </DevelopersPage>
  );
}
