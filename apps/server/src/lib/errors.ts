/** Errors a service throws on purpose; the error handler turns them into the brief's statuses. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = (message: string) => new HttpError(429, message);
