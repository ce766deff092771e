import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('the initials of a name', () => {
  it('are the first letters of the first and last words, upper-cased', () => {
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('Grace Brewster Hopper')).toBe('GH');
    expect(initialsOf('  Cher ')).toBe('C');
    expect(initialsOf('   ')).toBe('?');
  });

  it('keep an accented letter whole, composed or decomposed', () => {
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
    expect(initialsOf('E\u0301mile Zola')).toBe('ÉZ');
    expect(initialsOf('o\u0308zlem a\u030Alund')).toBe('ÖÅ');
  });

  it('keep an emoji whole, also one made of several code points', () => {
    expect(initialsOf('🎸 Jimi')).toBe('🎸J');
    expect(initialsOf('Jo 😀')).toBe('J😀');
    expect(initialsOf('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧F');
    expect(initialsOf('Marie 🇫🇷')).toBe('M🇫🇷');
    expect(initialsOf('👍🏽Thumbs')).toBe('👍🏽');
  });
});
