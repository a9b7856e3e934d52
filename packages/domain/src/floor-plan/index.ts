export * from './floor-plan.ts';
