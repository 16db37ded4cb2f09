/**
 * Players' attempts imported into the studio (attempts CSV, results files,
 * GameAnalytics / Unity Analytics / PlayFab exports): the accepted files'
 * texts (the record: not persisted, import them again after a reload), the
 * last rating the worker made from them against the pack, the files refused
 * with every bad row, and whether the graph shows the traffic.
 */
import type { PlayerDataResult } from '../../workers/players.api';
import type { SliceCreator } from './types';

export interface PlayerFileText {
  readonly name: string;
  /** The text, or the file as picked (read in the worker, never on the page's thread). */
  readonly text: string | Blob;
}

export interface RejectedPlayerFile {
  readonly name: string;
  readonly problems: readonly { readonly line: number; readonly message: string }[];
}

export type PlayerDataStatus = 'idle' | 'running' | 'failed';

export interface PlayerDataSlice {
  playerFiles: PlayerFileText[];
  playerData: PlayerDataResult | null;
  playerRejected: RejectedPlayerFile[];
  playerDataStatus: PlayerDataStatus;
  playerDataMessage: string | null;
  /** The solution graph coloured by players' traffic. */
  graphTraffic: boolean;
  setPlayerFiles(files: PlayerFileText[]): void;
  setPlayerData(data: PlayerDataResult | null, rejected?: RejectedPlayerFile[]): void;
  setPlayerDataStatus(status: PlayerDataStatus, message?: string | null): void;
  setGraphTraffic(on: boolean): void;
  clearPlayerData(): void;
}

export const createPlayerDataSlice: SliceCreator<PlayerDataSlice> = () => (set) => ({
  playerFiles: [],
  playerData: null,
  playerRejected: [],
  playerDataStatus: 'idle',
  playerDataMessage: null,
  graphTraffic: false,
  setPlayerFiles: (files) => set({ playerFiles: files }),
  setPlayerData: (data, rejected) => set({ playerData: data, playerDataStatus: 'idle', playerDataMessage: null, ...(rejected !== undefined ? { playerRejected: rejected } : {}) }),
  setPlayerDataStatus: (status, message = null) => set({ playerDataStatus: status, playerDataMessage: message }),
  setGraphTraffic: (on) => set({ graphTraffic: on }),
  clearPlayerData: () => set({ playerFiles: [], playerData: null, playerRejected: [], playerDataStatus: 'idle', playerDataMessage: null, graphTraffic: false }),
});
