/**
 * The only error parseActivityFile lets escape. `reason` is a sentence a user can act on
 * ("The FIT file is truncated: …"); the upload route turns it into a 400 invalid-input detail.
 */
export class InvalidFile extends Error {
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'InvalidFile';
    this.reason = reason;
  }
}

export function isInvalidFile(error: unknown): error is InvalidFile {
  return error instanceof InvalidFile;
}
