// Test-only: two local servers stand in for the internet. 127.0.0.1 plays a public host (the test's address rule lets
// it through) and 127.0.0.2 a private service that must never be reached; the resolver is the test's DNS
// (`public.test`, `internal.test`). The public host answers `/to-internal-host` and `/to-internal-ip` with a redirect
// to the private service, and everything else with the test's own handler.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { createPublicWeb, isPrivateAddress, type PublicWeb } from '../adapters/public-web/public-web';

export interface WebHostsDouble {
  /** http://public.test:{port} */
  publicUrl: string;
  /** http://internal.test:{port} */
  internalUrl: string;
  /** Paths the private service was asked for: a guard that works leaves this empty. */
  privateHits: string[];
  /** The guarded client, with the test's DNS and address rule. */
  web: PublicWeb;
  close(): Promise<void>;
}

const listen = async (server: Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

export const startWebHostsDouble = async (publicHost: RequestListener): Promise<WebHostsDouble> => {
  const privateHits: string[] = [];
  const internal = createServer((request, response) => {
    privateHits.push(request.url ?? '');
    response.end('internal secrets');
  });
  const internalPort = await listen(internal, '127.0.0.2');
  const redirects: Record<string, string> = {
    '/to-internal-host': `http://internal.test:${internalPort}/secret`,
    '/to-internal-ip': `http://127.0.0.2:${internalPort}/secret`,
  };
  const journal = createServer((request, response) => {
    const target = redirects[request.url ?? ''];
    if (target) response.writeHead(302, { location: target }).end();
    else publicHost(request, response);
  });
  const publicPort = await listen(journal, '127.0.0.1');

  const answers: Record<string, string> = { 'public.test': '127.0.0.1', 'internal.test': '127.0.0.2' };
  const testDns: LookupFunction = (hostname, options, callback) => {
    const address = answers[hostname];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
    if (options.all) return callback(null, [{ address, family: 4 }]);
    callback(null, address, 4);
  };

  return {
    publicUrl: `http://public.test:${publicPort}`,
    internalUrl: `http://internal.test:${internalPort}`,
    privateHits,
    web: createPublicWeb({
      contactEmail: 'test@example.org',
      allowPrivateHosts: false,
      resolve: testDns,
      isRefusedAddress: (address) => address !== '127.0.0.1' && isPrivateAddress(address),
    }),
    close: async () => {
      await Promise.all(
        [journal, internal].map((server) => {
          server.closeAllConnections(); // a test's hanging answers too
          return new Promise((resolve) => server.close(resolve));
        }),
      );
    },
  };
};
