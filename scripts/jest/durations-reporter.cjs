// A jest reporter: at the end of a run, the ten test files that took longest, by project, so a run
// shows where the suite's time goes; with TEST_DURATIONS_OUT=FILE, every file's duration is also
// written there, as scripts/jest/sequencer.cjs reads them:
//   TEST_DURATIONS_OUT=scripts/jest/test-durations.json npm test
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

/** The key of a test file in test-durations.json: its project and its path from the repository. */
const durationKey = (project, file) => `${project ?? ''} ${path.relative(root, file)}`;

class DurationsReporter {
  constructor() {
    this.durations = new Map();
  }

  onTestResult(test, result) {
    const { start, end } = result.perfStats;
    this.durations.set(durationKey(test.context.config.displayName?.name, test.path), end - start);
  }

  onRunComplete() {
    const slowest = [...this.durations].sort(([, a], [, b]) => b - a).slice(0, 10);
    console.log(`\nSlowest ${slowest.length} test files:`);
    for (const [key, ms] of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${key}`);
    const out = process.env.TEST_DURATIONS_OUT;
    if (out) {
      const sorted = Object.fromEntries([...this.durations].sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(path.resolve(root, out), `${JSON.stringify(sorted, null, 2)}\n`);
      console.log(`${this.durations.size} files' durations written to ${out}`);
    }
  }
}

module.exports = DurationsReporter;
module.exports.durationKey = durationKey;
