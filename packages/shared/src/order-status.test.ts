import { describe, expect, it } from 'vitest';
import { movableFrom, movesOf, orderStatusOf } from './order-status.ts';

describe('orderStatusOf', () => {
  it.each([
    [['processing'], 'processing'],
    [['shipped', 'processing'], 'processing'],
    [['shipped', 'shipped'], 'shipped'],
    [['delivered', 'shipped'], 'shipped'],
    [['delivered', 'delivered'], 'delivered'],
    [['cancelled', 'delivered'], 'delivered'],
    [['cancelled', 'shipped'], 'shipped'],
    [['processing', 'cancelled'], 'processing'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [['cancelled'], 'cancelled'],
  ] as const)('makes an order of lines %j %s', (lines, status) => {
    expect(orderStatusOf(lines)).toBe(status);
  });
});

describe('movableFrom', () => {
  it('gives the statuses each role may move a line out of towards a status', () => {
    expect(movableFrom(['seller'], 'shipped')).toEqual(['processing']);
    expect(movableFrom(['seller'], 'delivered')).toEqual(['shipped']);
    expect(movableFrom(['seller'], 'cancelled')).toEqual(['processing']);
    expect(movableFrom(['buyer'], 'cancelled')).toEqual(['processing']);
    expect(movableFrom(['buyer'], 'shipped')).toEqual([]);
    expect(movableFrom(['admin'], 'cancelled')).toEqual(['processing', 'shipped']);
    expect(movableFrom(['buyer', 'admin'], 'processing')).toEqual([]);
  });
});

describe('movesOf', () => {
  it('gives the moves that would move at least one of the lines', () => {
    expect(movesOf(['seller'], ['processing'])).toEqual(['shipped', 'cancelled']);
    expect(movesOf(['seller'], ['shipped', 'cancelled'])).toEqual(['delivered']);
    expect(movesOf(['seller'], ['processing', 'shipped'])).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(movesOf(['buyer'], ['shipped', 'processing'])).toEqual(['cancelled']);
    expect(movesOf(['buyer'], ['shipped', 'delivered'])).toEqual([]);
    expect(movesOf(['admin'], ['shipped'])).toEqual(['delivered', 'cancelled']);
    expect(movesOf(['seller', 'admin'], ['delivered', 'cancelled'])).toEqual([]);
  });
});
