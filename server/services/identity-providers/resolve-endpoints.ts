import { discover } from '@/server/auth/oidc';
import { AppError } from '@/server/errors';
import { isAllowedProviderUrl, type IdentityProviderInput } from './schemas';

export interface ProviderEndpoints {
  issuerUrl: string | null;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  jwksUri: string | null;
}

/** With an issuer, OIDC discovery fills what the admin left out; without one, all three are given. */
export async function resolveEndpoints(input: IdentityProviderInput): Promise<ProviderEndpoints> {
  if (!input.issuer_url) {
    return {
      issuerUrl: null,
      authorizationEndpoint: input.authorization_endpoint!,
      tokenEndpoint: input.token_endpoint!,
      userinfoEndpoint: input.userinfo_endpoint!,
      jwksUri: null,
    };
  }
  const document = await discover(input.issuer_url).catch((error: unknown) => {
    throw new AppError('failed_dependency', { detail: `OIDC discovery at ${input.issuer_url} failed: ${(error as Error).message}`, cause: error });
  });
  const endpoints = {
    issuerUrl: input.issuer_url,
    authorizationEndpoint: input.authorization_endpoint ?? document.authorization_endpoint,
    tokenEndpoint: input.token_endpoint ?? document.token_endpoint,
    userinfoEndpoint: input.userinfo_endpoint ?? document.userinfo_endpoint ?? null,
    jwksUri: document.jwks_uri,
  };
  for (const url of [endpoints.authorizationEndpoint, endpoints.tokenEndpoint, endpoints.userinfoEndpoint, endpoints.jwksUri]) {
    if (url && !isAllowedProviderUrl(url)) {
      throw new AppError('failed_dependency', { detail: `The discovery document names ${url}, which is not https.` });
    }
  }
  return endpoints;
}
