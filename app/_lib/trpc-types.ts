import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type Activity = RouterOutputs['activities']['get'];
export type ActivityList = RouterOutputs['activities']['list'];
export type Gear = RouterOutputs['gear']['list'][number];
