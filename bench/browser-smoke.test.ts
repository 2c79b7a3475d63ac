import { smokeSteps } from './lib/smoke';

smokeSteps({ browser: true });
