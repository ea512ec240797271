// One error type for every layer: a status, a message written for the people using the site, and
// optional per-field messages. The error handler recognises it by type; anything else is a 500.

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
