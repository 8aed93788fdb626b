/**
 * A TCP proxy between the server and PostgreSQL, so the suite can take "the database" away without
 * stopping the machine's PostgreSQL: cut() destroys every open connection and stops accepting (a
 * new connection is refused, as from a stopped database); reopen() listens again on the same port.
 */
import net from 'node:net';

export class TcpProxy {
  #server: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  #stalled = false;
  port = 0;
  connections = 0;

  constructor(
    readonly targetHost: string,
    readonly targetPort: number,
  ) {}

  get open(): boolean {
    return this.#server !== undefined;
  }

  get activeConnections(): number {
    return this.#sockets.size / 2;
  }

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => this.#pipe(client));
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolveListen();
      });
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    this.#server = server;
    return this.port;
  }

  #pipe(client: net.Socket): void {
    this.connections += 1;
    if (this.#stalled) {
      // A black hole: the connection is accepted and then nothing ever comes back.
      this.#sockets.add(client);
      client.on('close', () => this.#sockets.delete(client));
      client.on('error', () => client.destroy());
      client.pause();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** The database "goes away": every connection dies at once and new ones are refused. */
  async cut(): Promise<void> {
    this.#stalled = false;
    const server = this.#server;
    this.#server = undefined;
    const closed = server ? new Promise<void>((resolveClose) => server.close(() => resolveClose())) : Promise.resolve();
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    await closed;
  }

  /**
   * The network to the database goes silent (a partition, a paused VM): connections stay open, new
   * ones are accepted, but no byte passes in either direction. Ended by cut() (then reopen()).
   */
  stall(): void {
    this.#stalled = true;
    for (const socket of this.#sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** The database is back, on the same address. */
  async reopen(): Promise<void> {
    if (this.#server) return;
    await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
