// `npm test`'s check of the first screen's JavaScript (first-screen.ts): prints the figure and the largest files, and
// fails past the budget. Reads web/dist, or WEB_DIST_DIR.
import path from 'node:path';
import { FIRST_SCREEN_BUDGET_KB, firstScreenScripts } from './first-screen';

const dist = path.resolve(import.meta.dirname, '../../..', process.env.WEB_DIST_DIR ?? 'web/dist');
const { files, totalGzipBytes } = firstScreenScripts(dist);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`First screen: ${kb(totalGzipBytes)} KB of JavaScript (gzip) in ${files.length} files; budget ${FIRST_SCREEN_BUDGET_KB} KB.`);
for (const { file, gzipBytes } of files.slice(0, 5)) console.log(`  ${kb(gzipBytes).padStart(6)} KB  ${file}`);
if (totalGzipBytes > FIRST_SCREEN_BUDGET_KB * 1024) {
  console.error(`Over the budget by ${kb(totalGzipBytes - FIRST_SCREEN_BUDGET_KB * 1024)} KB: load the new code where it is needed (React.lazy, import()).`);
  process.exit(1);
}
