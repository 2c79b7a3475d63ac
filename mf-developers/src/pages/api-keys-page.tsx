import { DevelopersPage } from '../components/developers-page';
import { ApiKeysView } from '../features/api-keys/components/api-keys-view';

export default function ApiKeysPage() {
  return (
    <DevelopersPage>
      <ApiKeysView />
    </DevelopersPage>
  );
}
