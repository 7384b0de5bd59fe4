// A runtime of a test's own for fault injection: its API reaches DynamoDB Local through a fault proxy, and it can be
// killed outright and started again on the same data folder and ports (the browser's pages keep their origin).
import { startDynamoFaultProxy, type DynamoFaultProxy } from './dynamodb-fault-proxy';
import { freePort, newDataDir, startRuntime, type TestRuntime } from './runtime';

export interface FaultRuntime {
  /** The runtime running now (a new one after restart()). */
  current(): TestRuntime;
  url: string;
  port: number;
  proxy: DynamoFaultProxy;
  /** Kills the runtime and its emulators (SIGKILL) and starts it again on the same data and ports. */
  crashAndRestart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** `dynamodbTimeoutMs`: the SDK's request timeout (DYNAMODB_TIMEOUT_MS), short so a slow-table test runs quickly. */
export const startFaultRuntime = async ({ dynamodbTimeoutMs }: { dynamodbTimeoutMs?: number } = {}): Promise<FaultRuntime> => {
  const dynamodbPort = await freePort();
  const proxy = await startDynamoFaultProxy(dynamodbPort);
  const dataDir = newDataDir();
  const env = {
    DYNAMODB_LOCAL_PORT: String(dynamodbPort),
    DYNAMODB_API_ENDPOINT: proxy.url,
    ...(dynamodbTimeoutMs && { DYNAMODB_TIMEOUT_MS: String(dynamodbTimeoutMs) }),
  };
  let runtime = await startRuntime({ dataDir, env });
  const { port, url } = runtime;
  return {
    current: () => runtime,
    url,
    port,
    proxy,
    async crashAndRestart(whileDown) {
      await runtime.kill();
      await whileDown?.();
      runtime = await startRuntime({ dataDir, env, port });
    },
    async close() {
      await runtime.stop();
      await proxy.close();
    },
  };
};
