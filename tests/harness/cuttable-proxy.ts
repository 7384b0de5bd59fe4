// A TCP proxy in front of the runtime that can be cut: the server "goes away" (hospital Wi-Fi behind a captive
// portal, a dropped VPN) while the browser still believes it is online. Cut, every open connection is reset and each
// new one is dropped at once; restored, connections pass through again.
import net from 'node:net';

export interface CuttableProxy {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export const startCuttableProxy = async (targetPort: number): Promise<CuttableProxy> => {
  let isCut = false;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = net.createServer((client) => {
    if (isCut) return void client.resetAndDestroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('error', () => upstream.destroy());
    upstream.once('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
