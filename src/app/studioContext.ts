/** React access to the studio: the store (with selector hooks) and the controllers behind it. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { BatchClient } from '../workers/batch.client';
import type { GeneratorsClient } from '../workers/generators.client';
import type { AnalysisController } from './controllers/analysisController';
import type { StudioStore } from './store/store';
import type { StudioState } from './store/types';

export interface StudioServices {
  readonly store: StudioStore;
  readonly analysis: AnalysisController;
  readonly generators: GeneratorsClient;
  /** Generate-at-difficulty and batch evaluations (two workers). */
  readonly batch: BatchClient;
}

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
