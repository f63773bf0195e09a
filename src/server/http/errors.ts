// One error shape for every 4xx/5xx answer, as the contract's Error schema has it.
export interface ErrorBody {
  error: string | string[];
  errorCode?: string;
  message?: string;
  /** With PREMIUM_REQUIRED: the cheapest plan that unlocks what was refused. */
  requiredPlan?: string;
  /** With PAYROLL_INVALID: every problem of the uploaded file (the first 200), and how many more there are. */
  problems?: Array<{ line: number | null; field: string | null; code: string }>;
  moreProblems?: number;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly details?: string[],
    /** Fields of the answer beside error, errorCode and message (the contract's Error schema names them). */
    readonly extra: Pick<ErrorBody, 'requiredPlan' | 'problems' | 'moreProblems'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { error: this.details ?? this.message, errorCode: this.errorCode, message: this.message, ...this.extra };
  }
}

export const badRequest = (code: string, message: string, details?: string[]) => new HttpError(400, code, message, details);
export const unauthorized = (code = 'UNAUTHENTICATED', message = 'Authentication required') => new HttpError(401, code, message);
export const forbidden = (code = 'FORBIDDEN', message = 'You may not do this') => new HttpError(403, code, message);
export const notFound = (code = 'NOT_FOUND', message = 'Not found') => new HttpError(404, code, message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
