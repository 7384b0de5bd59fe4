// `npm run reindex -- --email E | --user-id ID | --all`: rebuilds search indexes of the local runtime at PORT (with the
// same DATA_DIR) from the table. The runtime must be running: its DynamoDB Local holds the table, and the index file
// takes a second writer safely (SQLite WAL). In the cloud, invoke the indexer Lambda with { "reindexUserId": "..." }.
import { parseArgs } from 'node:util';
import { openSqliteSearchIndex } from '@chartside/lambdas/adapters/local/sqlite-search-index';
import { ResourceRepository } from '@chartside/lambdas/data/resource-repository';
import { reindexUser } from '@chartside/lambdas/jobs/search-indexer';
import { reindexEveryone, searchDbFile } from './local-search';
import { failCli as fail, runningRuntime } from './running-runtime';

const usage = `Usage:
  npm run reindex -- --email E       rebuild one user's search index, found by email
  npm run reindex -- --user-id ID    rebuild one user's search index, by user id
  npm run reindex -- --all           rebuild every user's search index
Targets the local runtime at PORT with its DATA_DIR (defaults 8080 and .data); start it with \`npm start\` first.`;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'user-id': { type: 'string' },
    all: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const chosen = [values.email !== undefined, values['user-id'] !== undefined, values.all].filter(Boolean).length;
if (values.help || chosen !== 1) fail(usage);

const { settings, userIdByEmail, clients } = await runningRuntime();
const { table, logger } = clients();
const search = openSqliteSearchIndex(searchDbFile(settings.dataDir));
const indexer = { resources: new ResourceRepository(table), search, logger };
try {
  if (values.all) {
    const counts = await reindexEveryone(indexer, table);
    console.log(`Reindexed ${counts.resources} resources of ${counts.users} users.`);
    if (counts.failed.length > 0) {
      console.error(`Could not reindex ${counts.failed.length} users (see the log above): ${counts.failed.join(', ')}`);
      process.exitCode = 1;
    }
  } else {
    const userId = values['user-id'] ?? (await userIdByEmail(values.email!));
    const resources = await reindexUser(indexer, userId);
    console.log(`Reindexed ${resources} resources of user ${userId}.`);
  }
} catch (error) {
  fail(`Reindex failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
} finally {
  await search.close();
}
