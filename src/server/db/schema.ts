export * from './schema/auth';
export * from './schema/catalog';
export * from './schema/sales';
export * from './schema/messaging';
export * from './schema/box-office';
export * from './schema/waitlist';
export * from './schema/guest-lists';
export * from './schema/operations';
