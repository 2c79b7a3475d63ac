// Run by the production build (scripts/webpack/first-view.cjs), which writes what this prints as
// first-view.json beside mf-manifest.json.
import { firstViewPages } from './first-view-pages';

process.stdout.write(JSON.stringify({ pages: firstViewPages() }));
