/** An error whose message is safe to show the client (4xx). The error handler passes it on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = (message = 'Unauthorized'): HttpError => new HttpError(401, message);
export const forbidden = (message = 'Forbidden'): HttpError => new HttpError(403, message);
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, message);
