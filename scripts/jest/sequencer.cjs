// Runs the longest test files first, so that neither worker is left with a long file at the end of
// the run. Jest knows the durations of files it has run on this machine (its cache); on a fresh
// clone, CI's case, it knew none and ordered by file size, which put short fuzzing and browser
// files with long run times last. Their durations as last measured are kept in
// test-durations.json (durations-reporter.cjs says how to write it again).
const { default: Sequencer } = require('@jest/test-sequencer');
const { durationKey } = require('./durations-reporter.cjs');
const recorded = require('./test-durations.json');

class LongestFirst extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded[durationKey(test.context.config.displayName?.name, test.path)];
  }
}

module.exports = LongestFirst;
