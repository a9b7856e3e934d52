export * from './envelope.ts';
export * from './config.contract.ts';
export * from './users.contract.ts';
export * from './realtime.contract.ts';
export * from './reservations.contract.ts';
export * from './guests.contract.ts';
export * from './floor.contract.ts';
