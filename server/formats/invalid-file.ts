/**
 * The only error parseActivityFile lets escape. `reason` is a sentence a user can act on
 * ("The FIT file is truncated: …"); the upload route turns it into a 400 invalid-input detail.
 * `limit` names the cap that refused the file (a constant of limits.ts, "DOCTYPE", or the parse
 * budget): such a file is crafted or absurd, so callers log it as a security event.
 */
export class InvalidFile extends Error {
  readonly reason: string;
  readonly limit?: string;

  constructor(reason: string, options?: { cause?: unknown; limit?: string }) {
    super(reason, options);
    this.name = 'InvalidFile';
    this.reason = reason;
    this.limit = options?.limit;
  }
}

export function isInvalidFile(error: unknown): error is InvalidFile {
  return error instanceof InvalidFile;
}
