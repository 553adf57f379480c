import { describe, expect, it } from 'vitest';
import { maxMenuScroll, menuArrows, revealMenuItem, scrollMenu } from './menuScroll';

describe('top menu scrolling', () => {
  it('moves 88 px a click, within the overflow', () => {
    expect(scrollMenu(0, 1, 1000, 700)).toBe(88);
    expect(scrollMenu(88, 1, 1000, 700)).toBe(176);
    expect(scrollMenu(264, 1, 1000, 700)).toBe(300);
    expect(scrollMenu(300, 1, 1000, 700)).toBe(300);
    expect(scrollMenu(300, -1, 1000, 700)).toBe(212);
    expect(scrollMenu(40, -1, 1000, 700)).toBe(0);
  });

  it('does not move when nothing overflows', () => {
    expect(maxMenuScroll(600, 700)).toBe(0);
    expect(scrollMenu(0, 1, 600, 700)).toBe(0);
  });

  it('shows the arrows only towards hidden items', () => {
    expect(menuArrows(0, 600, 700)).toEqual({ left: false, right: false });
    expect(menuArrows(0, 1000, 700)).toEqual({ left: false, right: true });
    expect(menuArrows(88, 1000, 700)).toEqual({ left: true, right: true });
    expect(menuArrows(300, 1000, 700)).toEqual({ left: true, right: false });
  });

  it('brings an item into view in whole steps', () => {
    expect(revealMenuItem(0, 800, 900, 1000, 700)).toBe(264);
    expect(revealMenuItem(300, 100, 180, 1000, 700)).toBe(36);
    expect(revealMenuItem(88, 200, 300, 1000, 700)).toBe(88);
    expect(revealMenuItem(0, 950, 1000, 1000, 700)).toBe(300);
  });
});
