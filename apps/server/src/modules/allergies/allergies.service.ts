// What other modules call of allergies (decision 068): a table's declared allergies as the floor, the kitchen
// and the guest's requests show them, read from its reservation, its guests and its dishes.
export * from './table-allergies.ts';
