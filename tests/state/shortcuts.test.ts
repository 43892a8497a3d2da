// The page's keyboard shortcuts (src/state/shortcuts.ts): Alt+Shift+letter chords and `?`,
// none of them while focus is in a field, Page Up/Down only in projector mode.

import { describe, expect, it } from 'vitest';
import { editKeyFor, SHORTCUTS, shortcutFor, type KeyPress } from '../../src/state/shortcuts.ts';

const press = (key: string, code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});
const page = { inField: false, projector: false };
const chord = (code: string, key = 'x') => press(key, code, { altKey: true, shiftKey: true });

describe('shortcutFor', () => {
  it('maps Alt+Shift+R, P, N, B and L by physical key, whatever character the layout gives', () => {
    expect(shortcutFor(chord('KeyR', 'R'), page)).toBe('run');
    expect(shortcutFor(chord('KeyP', '∏'), page)).toBe('projector');
    expect(shortcutFor(chord('KeyN'), page)).toBe('next-view');
    expect(shortcutFor(chord('KeyB'), page)).toBe('previous-view');
    expect(shortcutFor(chord('KeyL'), page)).toBe('copy-link');
  });

  it('opens the help with ?', () => {
    expect(shortcutFor(press('?', 'Slash', { shiftKey: true }), page)).toBe('help');
  });

  it('leaves every key to a form field that has focus', () => {
    const field = { inField: true, projector: true };
    expect(shortcutFor(press('?', 'Slash', { shiftKey: true }), field)).toBeNull();
    expect(shortcutFor(chord('KeyR'), field)).toBeNull();
    expect(shortcutFor(press('PageDown', 'PageDown'), field)).toBeNull();
  });

  it('uses no single letter, and no chord with Ctrl or ⌘ (undo and screen readers keep them)', () => {
    expect(shortcutFor(press('r', 'KeyR'), page)).toBeNull();
    expect(shortcutFor(press('p', 'KeyP', { altKey: true }), page)).toBeNull();
    expect(shortcutFor(press('R', 'KeyR', { shiftKey: true }), page)).toBeNull();
    expect(
      shortcutFor(press('r', 'KeyR', { altKey: true, shiftKey: true, ctrlKey: true }), page),
    ).toBeNull();
    expect(shortcutFor(press('z', 'KeyZ', { ctrlKey: true }), page)).toBeNull();
  });

  it('turns Page Down and Page Up (a presenter clicker) into next and previous view in projector mode only', () => {
    const projector = { inField: false, projector: true };
    expect(shortcutFor(press('PageDown', 'PageDown'), projector)).toBe('next-view');
    expect(shortcutFor(press('PageUp', 'PageUp'), projector)).toBe('previous-view');
    expect(shortcutFor(press('PageDown', 'PageDown'), page)).toBeNull();
  });

  it('lists every action once in the help', () => {
    const actions = SHORTCUTS.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).toEqual([
      'help',
      'run',
      'projector',
      'next-view',
      'previous-view',
      'copy-link',
    ]);
  });
});

describe('editKeyFor', () => {
  const ctrl = (key: string, mods: Partial<KeyPress> = {}) =>
    press(key, `Key${key.toUpperCase()}`, { ctrlKey: true, ...mods });

  it('undoes with Ctrl+Z or ⌘Z, and redoes with Ctrl+Shift+Z or Ctrl+Y', () => {
    expect(editKeyFor(ctrl('z'), false)).toBe('undo');
    expect(editKeyFor(press('z', 'KeyZ', { metaKey: true }), false)).toBe('undo');
    expect(editKeyFor(ctrl('Z', { shiftKey: true }), false)).toBe('redo');
    expect(editKeyFor(ctrl('y'), false)).toBe('redo');
  });

  it('leaves the keys to a field, to Alt chords and to plain letters', () => {
    expect(editKeyFor(ctrl('z'), true)).toBeNull();
    expect(editKeyFor(ctrl('z', { altKey: true }), false)).toBeNull();
    expect(editKeyFor(press('z', 'KeyZ'), false)).toBeNull();
    expect(editKeyFor(ctrl('y', { shiftKey: true }), false)).toBeNull();
  });
});
