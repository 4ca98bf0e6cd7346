/**
 * A vitest reporter that writes what failed to the file in VITEST_FAILURES_FILE, a line each: failed tests, a
 * file's own errors (a hook that threw or timed out) and unhandled errors (a rejection nobody caught, which
 * fails a run whose tests all passed). `npm test` (scripts/test-all.mjs) prints these lines beside its summary:
 * CI keeps only the end of a run's output, and a count without a name cannot be acted on.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
/** The first frames of a stack that are the project's own, not a library's: where to start looking. */
const ownFrames = (stack) =>
  String(stack ?? '')
    .split('\n')
    .filter((line) => / at .*\//.test(line) && !/node_modules|node:/.test(line))
    .slice(0, 3)
    .map((line) => `    ${line.trim()}`);

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_FAILURES_FILE;
    if (!file) return;
    const lines = [];
    for (const module of testModules) {
      const path = relative(root, module.moduleId);
      for (const error of module.errors())
        lines.push(`${path}: ${firstLine(error.message)}`, ...ownFrames(error.stack));
      for (const test of module.children.allTests('failed')) {
        lines.push(`${path} › ${test.fullName}: ${firstLine(test.result().errors?.[0]?.message)}`);
      }
    }
    for (const error of unhandledErrors) {
      const where = error.VITEST_TEST_PATH ? relative(root, error.VITEST_TEST_PATH) : 'no test file';
      const test = error.VITEST_TEST_NAME ? ` › ${error.VITEST_TEST_NAME}` : '';
      lines.push(`unhandled, during ${where}${test}: ${firstLine(error.message)}`, ...ownFrames(error.stack));
    }
    writeFileSync(file, lines.join('\n'));
  }
}
