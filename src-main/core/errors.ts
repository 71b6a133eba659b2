/**
 * An error caused by the user's input or environment (bad file, missing server, missing model).
 * Its message is Polish and shown as is; `code` is stable for tests and the UI.
 */
export class UserError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UserError';
  }
}

export const isUserError = (e: unknown): e is UserError => e instanceof UserError;
