import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { env } from '@/server/env';
import { validationError } from '@/server/errors';
import { isPrivateAddress } from '@/server/util/private-address';

export const TARGET_NOT_ALLOWED = 'url: the target is not allowed';
const refused = (message: string) => validationError([{ field: '/url', message }], message);

/**
 * CONTRACT: Beyond the spec … Integrations: a URL whose host resolves to a loopback, private,
 * link-local or other special-purpose address (server/util/private-address.ts), or does not
 * resolve, is refused (422) unless WEBHOOK_ALLOW_PRIVATE=true; the refusal says only that the
 * target is not allowed, never the address. Each delivery checks the
 * address it connects to again (server/util/guarded-post.ts): DNS may change in between.
 */
export async function assertPublicWebhookUrl(url: string): Promise<void> {
  if (env().WEBHOOK_ALLOW_PRIVATE) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (list) => list.map((a) => a.address),
        () => null,
      );
  // one answer whether the name does not resolve or resolves inside: which internal names exist,
  // and where they point, is not ours to tell
  if (!addresses?.length || addresses.some((a) => isPrivateAddress(a))) throw refused(TARGET_NOT_ALLOWED);
}
