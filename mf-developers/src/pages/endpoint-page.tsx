import { useParams } from 'react-router-dom';
import { DevelopersPage } from '../components/developers-page';
import { EndpointView } from '../features/webhooks/components/endpoint-view';

export default function EndpointPage() {
  const { id = '' } = useParams();
  return (
    <DevelopersPage>
      <EndpointView key={id} id={id} />
    </DevelopersPage>
  );
}
