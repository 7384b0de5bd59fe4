// The order the `tests` project's files start in. Four run at a time, so a run ends waiting on whichever slow file
// started last: the slowest files start first. Vitest orders by the last run's durations when it has them (a machine
// that ran the suite before) and by file size otherwise (a clean clone), which started several of the slowest last.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest files of a CI run (2026-11-27: 90-200 s each, under the suite's load), slowest first. */
const slowestFiles = [
  'e2e/patient-autosave.test.ts',
  'e2e/shell.test.ts',
  'e2e/two-device-edits.test.ts',
  'e2e/resources.test.ts',
  'e2e/sessions.test.ts',
  'e2e/resource-sections.test.ts',
  'integration/transcription.test.ts',
  'e2e/patient-sections.test.ts',
  'e2e/dictation.test.ts',
  'e2e/a11y.test.ts',
  'e2e/autosave-crash.test.ts',
  'e2e/pwa.test.ts',
  'e2e/autosave-storage-faults.test.ts',
  'e2e/feed-push.test.ts',
  'e2e/templates.test.ts',
  'integration/backups-restore.test.ts',
  'e2e/pdf-viewer.test.ts',
  'integration/search-restart.test.ts',
  'e2e/chat.test.ts',
  'integration/users-cli.test.ts',
  'integration/runtime.test.ts',
  'integration/search.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = slowestFiles.indexOf(path.relative(spec.project.config.root, spec.moduleId));
  return index === -1 ? slowestFiles.length : index;
};

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the files not listed keep Vitest's order, after the listed ones.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
