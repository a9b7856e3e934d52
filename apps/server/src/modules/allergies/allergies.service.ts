// What other modules call of allergies (decision 068): a table's declared allergies as the floor, the kitchen
// and the guest's requests show them, read from its reservation and its guests (the kitchen reads a dish's).
export * from './table-allergies.ts';
