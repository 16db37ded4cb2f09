import { describe, expect, it } from 'vitest';
import { toRows } from '../core/level/level';
import { handleShortcut, type KeyPress } from './keyboard';
import { createStudioStore } from './store/store';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('keyboard shortcuts', () => {
  it('edit mode: tools, cursor, apply, undo/redo, transforms; play mode: moves, undo, restart, exit', () => {
    const store = createStudioStore();
    const s = store.getState;
    const start = toRows(s().level);
    expect(handleShortcut(store, press('e'))).toBe(true);
    expect(s().tool).toBe('empty');
    handleShortcut(store, press('w'));
    handleShortcut(store, press('ArrowRight')); // from the head (0, 1) to (2, 1)
    handleShortcut(store, press('ArrowRight'));
    handleShortcut(store, press(' '));
    expect(toRows(s().level)[1]![2]).toBe('#');
    handleShortcut(store, press('z', { ctrlKey: true }));
    expect(toRows(s().level)).toEqual(start);
    handleShortcut(store, press('Z', { ctrlKey: true, shiftKey: true }));
    expect(toRows(s().level)[1]![2]).toBe('#');
    handleShortcut(store, press('T', { shiftKey: true }));
    expect(s().level.width).toBe(7);
    expect(toRows(s().level)).not.toEqual(start);
    handleShortcut(store, press('t'));
    expect(toRows(s().level)[1]![2]).toBe('#');

    expect(handleShortcut(store, press('p'))).toBe(true);
    expect(s().mode).toBe('play');
    handleShortcut(store, press('ArrowUp'));
    expect(s().play?.moves).toBe(''); // a wall
    handleShortcut(store, press('d')); // R: one cell, up to the new wall
    expect(s().play?.moves).toBe('R');
    handleShortcut(store, press('z'));
    expect(s().play?.moves).toBe('');
    handleShortcut(store, press('ArrowRight'));
    handleShortcut(store, press('r'));
    expect(s().play).toMatchObject({ moves: '', restarts: 1 });
    handleShortcut(store, press('Escape'));
    expect(s().mode).toBe('edit');
    expect(handleShortcut(store, press('x'))).toBe(false);
  });
});
