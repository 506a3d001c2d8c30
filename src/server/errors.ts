/**
 * The one error type services throw. `code` is a key of locales/<lng>/errors.json, so the
 * error handler (plugins/errors.ts) answers in the request's language with SPEC §8's shapes.
 */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: FieldError[],
  ) {
    super(code);
    this.name = 'AppError';
  }

  static badRequest(code = 'validation.failed', fieldErrors: FieldError[] = []): AppError {
    return new AppError(400, code, {}, fieldErrors);
  }
  static unauthorized(code = 'auth.required'): AppError {
    return new AppError(401, code);
  }
  static forbidden(code = 'auth.forbidden'): AppError {
    return new AppError(403, code);
  }
  static notFound(code = 'notFound'): AppError {
    return new AppError(404, code);
  }
  /** 418: a business rule refused the action (SPEC §8), e.g. "Add your CV to apply". */
  static rule(code: string, params: Record<string, unknown> = {}): AppError {
    return new AppError(418, code, params);
  }
  static tooMany(code = 'rateLimited', params: Record<string, unknown> = {}): AppError {
    return new AppError(429, code, params);
  }
}
