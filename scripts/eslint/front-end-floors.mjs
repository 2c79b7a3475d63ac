// The floors inside each front end for eslint.config.mjs (PLAT-12), as bulletproof-react draws
// them, in the shell and in every remote: src/features/<name>/ imports no other feature; src/app/
// and src/pages/ compose the features; the floor below them, src/components/, src/lib/ and
// src/hooks/ (and the shell's federation loader, src/remotes/), holds what the whole package
// shares and imports no feature, app or page. Tests and test helpers (src/testing/, a feature's
// testing/) keep to the floor they lie in; src/testing/ is none. scripts/lint-walls.test.ts proves
// the walls refuse.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { remotes, root } from '../frontends.mjs';

const lowerFloors = ['components', 'lib', 'hooks'];
const lowerFloorsOf = (frontEnd) => (frontEnd === 'shell' ? [...lowerFloors, 'remotes'] : lowerFloors);
const featuresDir = (frontEnd) => path.join(root, frontEnd, 'src/features');
const entriesOf = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []);

// src/features/ holds feature folders only: a loose file there belongs to no feature and to no
// floor, so lint stops until it is moved into one.
const looseInFeatures = ['shell', ...remotes.map((remote) => remote.dir)].flatMap((frontEnd) =>
  entriesOf(featuresDir(frontEnd))
    .filter((entry) => !entry.isDirectory())
    .map((entry) => `${frontEnd}/src/features/${entry.name}`),
);
if (looseInFeatures.length > 0) {
  throw new Error(
    `scripts/eslint/front-end-floors.mjs: src/features holds feature folders only; move ${looseInFeatures.join(', ')} into a feature or onto a floor below (components/, lib/, hooks/)`,
  );
}

/** The zones of one front end's floors (`shell` or a remote's folder). */
export function floorZones(frontEnd) {
  const src = `${frontEnd}/src`;
  const features = entriesOf(featuresDir(frontEnd))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const below = lowerFloorsOf(frontEnd).map((floor) => `${src}/${floor}`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: `A feature imports no other feature: what ${src}/features/${feature} shares with another lies on the floor below (${lowerFloorsOf(frontEnd).join('/, ')}/), and app/ or pages/ compose the two.`,
    })),
    {
      target: `${src}/features`,
      from: [`${src}/app`, `${src}/pages`],
      message: `${src}/app and ${src}/pages compose the features: a feature imports neither.`,
    },
    {
      target: below,
      from: [`${src}/features`, `${src}/app`, `${src}/pages`],
      message: `${below.map((floor) => `${floor}/`).join(', ')} lie below the features: they import no feature, app or page.`,
    },
  ];
}
