export * from './users';
export * from './auth';
export * from './mfa';
export * from './api-keys';
