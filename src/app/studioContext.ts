/** React access to the studio: the store (with selector hooks) and the controllers behind it. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { StudioServices } from './services';
import type { StudioState } from './store/types';

export type { StudioServices } from './services';

export const StudioContext = createContext<StudioServices | null>(null);

export function useServices(): StudioServices {
  const services = useContext(StudioContext);
  if (services === null) throw new Error('useServices must be used inside <StudioContext.Provider>');
  return services;
}

/** One value from the store (re-renders when it changes by identity). */
export function useStudio<T>(selector: (s: StudioState) => T): T {
  return useStore(useServices().store, selector);
}

/** Several values from the store as an object, compared shallowly. */
export function useStudioShallow<T extends object>(selector: (s: StudioState) => T): T {
  return useStore(useServices().store, useShallow(selector));
}

/** The store's actions and current state, without subscribing (event handlers). */
export function useActions(): () => StudioState {
  return useServices().store.getState;
}
