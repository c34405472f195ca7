import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { env } from '@/server/env';
import { validationError } from '@/server/errors';
import { isPrivateAddress } from '@/server/util/private-address';

const refused = (message: string) => validationError([{ field: '/url', message }], message);

/**
 * CONTRACT: Beyond the spec … Integrations: a URL whose host resolves to a loopback, private or
 * link-local address is refused (422) unless WEBHOOK_ALLOW_PRIVATE=true. Each delivery checks the
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
  if (!addresses?.length) throw refused(`url: the host ${host} does not resolve`);
  const inside = addresses.find((a) => isPrivateAddress(a));
  if (inside) throw refused(`url resolves to ${inside}, a loopback, private or link-local address`);
}
