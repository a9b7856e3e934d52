export { appendEvent } from './outbox.repository.ts';
