// The rate-limit and shared-state API used by the route wrapper and the provider sync.
export type { EndpointLimit, RateLimitTier } from './policies';
export { endpointPolicies, tierPolicies, WINDOW_SECONDS } from './policies';
export { enforceRateLimits, type RateLimitInput } from './enforce-rate-limits';
export { clientAddress, PEER_HEADER, UNKNOWN_CLIENT } from './client-address';
export { flagTtlSeconds, isFlagSet, setFlag } from './flag-store';
export { isProviderRateLimited, markProviderDailyLimited, markProviderShortTermLimited, providerRateLimitedUntil } from './provider-rate-limit';
export { resetRateLimitStateForTests } from './reset-for-tests';
