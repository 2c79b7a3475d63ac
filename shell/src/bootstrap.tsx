import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element in the page');
createRoot(container).render(<App />);
