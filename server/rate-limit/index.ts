// The rate-limit and shared-state API used by the route wrapper and the provider sync.
export type { EndpointLimit, RateLimitTier, RateLimitTransport } from './policies';
export { endpointPolicies, tierPolicies, webTierPolicies, WINDOW_SECONDS } from './policies';
export { enforceRateLimits, type RateLimitInput } from './enforce-rate-limits';
export { clientAddress, UNKNOWN_CLIENT } from './client-address';
export { PEER_HEADER } from './peer-header';
export { flagTtlSeconds, isFlagSet, setFlag } from './flag-store';
export { isProviderRateLimited, markProviderDailyLimited, markProviderShortTermLimited, providerRateLimitedUntil } from './provider-rate-limit';
export { resetRateLimitStateForTests } from './reset-for-tests';
