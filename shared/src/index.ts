export * from './limits';
export * from './errors/app-error';
export * from './user/user-document';
export * from './contracts/runtime-config';
export * from './contracts/realtime';
export * from './contracts/me';
export * from './contracts/health';
