import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './error-body';

/** What went wrong before any route saw the request, by Node's error code. */
const refusals: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node refused at the socket (too slow to arrive,
 * headers too large, malformed) gets the API's error envelope, then the connection closes.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = refusals[error.code ?? ''] ?? [400, 'Malformed request'];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
