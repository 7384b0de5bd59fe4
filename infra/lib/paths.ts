// Where the CDK app finds the code it deploys. Tests pass their own paths so they never depend on a build.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourcePaths {
  /** Repository root: esbuild's project root and the place of the lock file. */
  readonly repoRoot: string;
  /** Folder with one Lambda entry file per function (`http.ts`, `ws-connect.ts`, ...). */
  readonly handlersDir: string;
  /** The built web bundle (`npm run build`); may be missing in a fresh clone. */
  readonly webDistDir: string;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export const sourcePaths: SourcePaths = {
  repoRoot,
  handlersDir: join(repoRoot, 'lambdas', 'src', 'handlers'),
  webDistDir: join(repoRoot, 'web', 'dist'),
};
