import { renderStandalone } from '@paydesk/shared/ui/standalone';
import CardsPage from './pages/cards-page';

renderStandalone([{ path: '/control/cards', element: <CardsPage /> }]);
