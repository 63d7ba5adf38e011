/** Why a report could not be rendered; every one is the caller's mistake, so a route answers 400. */
export type ReportErrorCode =
  | 'UNKNOWN_REPORT_KIND'
  | 'FORMAT_NOT_OFFERED'
  | 'UNSUPPORTED_LANGUAGE'
  | 'INVALID_ACCOUNT'
  | 'UNKNOWN_PARAMETER'
  | 'INVALID_PARAMETER'
  | 'INVALID_END_DATE';

/**
 * The one error `renderReport` throws for bad input, with a stable `code`.
 *
 * @example if (error instanceof ReportDocumentError) throw new HttpError(400, error.code, error.message);
 */
export class ReportDocumentError extends Error {
  override readonly name = 'ReportDocumentError';

  constructor(
    readonly code: ReportErrorCode,
    message: string,
  ) {
    super(message);
  }
}
