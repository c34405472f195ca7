/**
 * The archive as a whole cannot be imported (not a zip, too many entries, inflates past the cap,
 * no activities.csv with the required headers). `reason` is a sentence for the user; the import
 * job turns it into its failure problem. Per-item problems are ArchiveItemError instead.
 */
export class ArchiveRefused extends Error {
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ArchiveRefused';
    this.reason = reason;
  }
}

/** One entry cannot be read (zip slip, symlink, bomb, vanished file); the rest go on. */
export class ArchiveItemError extends Error {
  readonly item: string;
  readonly reason: string;

  constructor(item: string, reason: string, options?: { cause?: unknown }) {
    super(`${item}: ${reason}`, options);
    this.name = 'ArchiveItemError';
    this.item = item;
    this.reason = reason;
  }
}
