import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerMatches } from './bearer.js';

export const METRICS_PATH = '/metrics';

export interface MetricsListenerOptions {
  port: number;
  host: string;
  token?: string;
  contentType: string;
  render: () => Promise<string>;
  onError: (error: Error) => void;
}

/**
 * The metrics' own port (METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise): a bare
 * HTTP server answering GET /metrics and nothing else, apart from the public port so that no
 * balancer, proxy or visitor can reach it by accident.
 */
export class MetricsListener {
  readonly #server: Server;

  private constructor(private readonly options: MetricsListenerOptions) {
    this.#server = createServer((request, response) => void this.#answer(request, response));
    this.#server.keepAliveTimeout = 65_000;
  }

  static async open(options: MetricsListenerOptions): Promise<MetricsListener> {
    const listener = new MetricsListener(options);
    await new Promise<void>((resolve, reject) => {
      listener.#server.once('error', reject);
      listener.#server.listen(options.port, options.host, () => {
        listener.#server.off('error', reject);
        resolve();
      });
    });
    return listener;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.#server.closeIdleConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
      return plain(response, 404, 'not found\n');
    if (this.options.token !== undefined && !bearerMatches(request.headers.authorization, this.options.token))
      return plain(response, 403, 'the metrics need their bearer token\n');
    try {
      const body = await this.options.render();
      response.writeHead(200, { 'content-type': this.options.contentType, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.options.onError(error as Error);
      plain(response, 500, 'the metrics could not be rendered\n');
    }
  }
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(text);
}
