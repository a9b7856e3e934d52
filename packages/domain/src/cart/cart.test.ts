import { describe, expect, it } from 'vitest';
import { addToCart, decrementLine, incrementLine, isValidQuantity, type CartProductFacts } from './cart.ts';

const bravas: CartProductFacts = { sku: 'BRAVAS', isUnitary: false, servingQtyMin: 1, unitaryIncrement: 1 };
const croquetas: CartProductFacts = { sku: 'CROQ', isUnitary: true, servingQtyMin: 4, unitaryIncrement: 2 };
const punto = (id: number) => ({ optionTypeId: 1, productChoiceId: id });

describe('cart rules (spec §4)', () => {
  it('merges equal sku and options and adds quantities, whatever the option order', () => {
    let cart = addToCart([], bravas, [punto(2), { optionTypeId: 3, productChoiceId: 9 }]);
    cart = addToCart(cart, bravas, [{ optionTypeId: 3, productChoiceId: 9 }, punto(2)]);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(2);
  });
  it('keeps different options (or comments) on separate lines', () => {
    let cart = addToCart([], bravas, [punto(1)]);
    cart = addToCart(cart, bravas, [punto(2)]);
    cart = addToCart(cart, bravas, [punto(2)], 'sin sal');
    cart = addToCart(cart, bravas, [punto(2)], 'sin sal', { staffComments: 'invita la casa' });
    expect(cart.map((line) => line.quantity)).toEqual([1, 1, 1, 1]);
  });
  it('starts a unitary product at servingQtyMin and grows by unitaryIncrement', () => {
    let cart = addToCart([], croquetas);
    expect(cart[0]!.quantity).toBe(4);
    cart = incrementLine(cart, 0, croquetas);
    expect(cart[0]!.quantity).toBe(6);
    cart = addToCart(cart, croquetas);
    expect(cart[0]!.quantity).toBe(10);
  });
  it('removes the line when subtracting at 1 or at the minimum', () => {
    let cart = addToCart([], bravas);
    cart = incrementLine(cart, 0, bravas);
    cart = decrementLine(cart, 0, bravas);
    expect(cart[0]!.quantity).toBe(1);
    expect(decrementLine(cart, 0, bravas)).toEqual([]);
    let pieces = incrementLine(addToCart([], croquetas), 0, croquetas);
    pieces = decrementLine(pieces, 0, croquetas);
    expect(pieces[0]!.quantity).toBe(4);
    expect(decrementLine(pieces, 0, croquetas)).toEqual([]);
  });
  it('merges two menús del día only when every course has the same dish and options', () => {
    const menu: CartProductFacts = { sku: 'MDD', isUnitary: false, servingQtyMin: 1, unitaryIncrement: 1 };
    const beer = (size: number) => ({
      courseId: 2,
      sku: 'CER',
      options: [{ optionTypeId: 5, productChoiceId: size }],
    });
    const lentils = { courseId: 1, sku: 'LEN', options: [] };
    let cart = addToCart([], menu, [], undefined, { menuChoices: [lentils, beer(1)] });
    cart = addToCart(cart, menu, [], undefined, { menuChoices: [beer(1), lentils] });
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(2);
    cart = addToCart(cart, menu, [], undefined, { menuChoices: [lentils, beer(2)] });
    expect(cart.map((line) => line.quantity)).toEqual([2, 1]);
  });
  it('tells valid quantities apart', () => {
    expect(isValidQuantity(bravas, 3)).toBe(true);
    expect(isValidQuantity(bravas, 0)).toBe(false);
    expect(isValidQuantity(bravas, 1.5)).toBe(false);
    expect(isValidQuantity(croquetas, 4)).toBe(true);
    expect(isValidQuantity(croquetas, 8)).toBe(true);
    expect(isValidQuantity(croquetas, 5)).toBe(false);
    expect(isValidQuantity(croquetas, 2)).toBe(false);
  });
});
