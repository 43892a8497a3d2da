// The page's keyboard shortcuts, as data (the help dialog lists them) and as pure functions
// from a key press to an action (the edit keys, Ctrl+Z and its kin, are not in the list). The scheme keeps clear of screen readers: every letter
// shortcut is Alt+Shift+letter (NVDA and JAWS use Insert or Caps Lock, VoiceOver Ctrl+Option,
// and browse-mode single letters are theirs). None acts while focus is in a form field: there
// the keys belong to the field (`?` is typed, Option+Shift+letter types a character on a Mac).
// Letters are matched by physical key (`code`), since Alt+Shift changes `key` on macOS.

export type ShortcutAction =
  'help' | 'run' | 'projector' | 'next-view' | 'previous-view' | 'copy-link';

export interface Shortcut {
  action: ShortcutAction;
  /** as the help dialog shows it */
  keys: string;
  /** for aria-keyshortcuts on the control that does the same */
  aria: string;
  what: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'help', keys: '?', aria: 'Shift+?', what: 'Show this list of shortcuts' },
  {
    action: 'run',
    keys: 'Alt+Shift+R',
    aria: 'Alt+Shift+R',
    what: 'Run the scenario, or cancel the run under way',
  },
  {
    action: 'projector',
    keys: 'Alt+Shift+P',
    aria: 'Alt+Shift+P',
    what: 'Projector mode on or off',
  },
  {
    action: 'next-view',
    keys: 'Alt+Shift+N or Page Down',
    aria: 'Alt+Shift+N',
    what: 'Show the next view on the stage (Page Down: in projector mode)',
  },
  {
    action: 'previous-view',
    keys: 'Alt+Shift+B or Page Up',
    aria: 'Alt+Shift+B',
    what: 'Show the previous view on the stage (Page Up: in projector mode)',
  },
  {
    action: 'copy-link',
    keys: 'Alt+Shift+L',
    aria: 'Alt+Shift+L',
    what: 'Copy the link to the scenario on show',
  },
];

/** What a shortcut needs of a key press (a KeyboardEvent has it all). */
export interface KeyPress {
  key: string;
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export interface KeyContext {
  /** focus is in a text field, a menu or an editable element */
  inField: boolean;
  /** projector mode is on (Page Up/Down change the view only then: a presenter's clicker) */
  projector: boolean;
}

const CHORDS: Record<string, ShortcutAction> = {
  KeyR: 'run',
  KeyP: 'projector',
  KeyN: 'next-view',
  KeyB: 'previous-view',
  KeyL: 'copy-link',
};

/** The action of `press`, or null when it is not a shortcut here (the key is left alone). */
export function shortcutFor(press: KeyPress, context: KeyContext): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || context.inField) return null;
  if (press.altKey && press.shiftKey) return CHORDS[press.code] ?? null;
  if (press.altKey) return null;
  if (press.key === '?') return 'help';
  if (context.projector && !press.shiftKey) {
    if (press.key === 'PageDown') return 'next-view';
    if (press.key === 'PageUp') return 'previous-view';
  }
  return null;
}

/** Whether `target` takes typed keys: a text field, a menu, an editable element. */
export function inField(target: EventTarget | null): boolean {
  const element = target as Element | null;
  return Boolean(
    element?.closest?.('input, textarea, select, [contenteditable]:not([contenteditable="false"])'),
  );
}

/** What the edit keys do: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (⌘ on a Mac). */
export type EditAction = 'undo' | 'redo';

/** The edit action of `press`, or null; none while typing in a field (the keys are the field's). */
export function editKeyFor(press: KeyPress, inField: boolean): EditAction | null {
  if (!(press.ctrlKey || press.metaKey) || press.altKey || inField) return null;
  const key = press.key.toLowerCase();
  if (key === 'z' && !press.shiftKey) return 'undo';
  if ((key === 'z' && press.shiftKey) || (key === 'y' && !press.shiftKey)) return 'redo';
  return null;
}
