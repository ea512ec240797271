// What a drill run reports: per-round findings and the totals a run is judged by.
import type { LostSave } from './checks.ts';
import type { MediaFinding } from './mediaChecks.ts';
import type { SaveOutcome } from './saves.ts';
import type { PageFinding } from './pageChanges.ts';

export interface RoundResult {
  round: number;
  /** When the server was killed, from the moment the saves started. */
  killAfterMs: number;
  /** How long before the saves the media changes were sent. */
  mediaLeadMs: number;
  saves: SaveOutcome[];
  acknowledged: number;
  /** Acknowledged saves (the first save after the restart included) whose marker is not in HEAD. */
  lost: LostSave[];
  /** How long the server took to start again after the kill; null when it did not start. */
  restartMs: number | null;
  firstSave: SaveOutcome | null;
  /** Why a person would have had to step in (non-empty: the round "needed a human"). */
  neededHuman: string[];
  healthProblem: string | null;
  fsckErrors: string[];
  dirtyStatus: string[];
  servedMismatches: string[];
  /** Lock and temp files found in the repository after the restart (for diagnosis, not counted). */
  leftovers: string[];
  /** Account changes sent about the kill window (accountChanges.ts: ACCOUNT_CHANGES) and acknowledged. */
  accountChanges: number;
  accountAcknowledged: number;
  /** The labels of the acknowledged account changes. */
  accountAcknowledgedLabels: string[];
  /** Acknowledged account changes missing after the restart. */
  accountLost: string[];
  /** Whether the kill left private/users.json.lock (for diagnosis, not counted). */
  usersLockLeft: boolean;
  /** How long the admin's first sign-in after the restart took (it writes users.json); null if it failed. */
  signInAfterRestartMs: number | null;
  /** The media changes sent in the kill window, each judged after the restart (mediaChecks.ts). */
  media: MediaFinding[];
  /** What is wrong with the library as a whole after the restart: work tree, private/uploads, the list. */
  mediaProblems: string[];
  /** The page and menu changes sent in the kill window, each judged after the restart (pageChanges.ts). */
  pages: PageFinding[];
}

export interface DrillTotals {
  rounds: number;
  acknowledged: number;
  lost: number;
  accountAcknowledged: number;
  accountLost: number;
  /** Media changes whose commit is on the branch (or the draft's ref) after the restart, and not. */
  mediaLanded: number;
  mediaNotLanded: number;
  mediaAcknowledged: number;
  /** Acknowledged media changes not there after the restart. */
  mediaLost: number;
  /** Rounds where a media change was half there, left a trace or was served otherwise than git holds it. */
  mediaProblem: number;
  /** Page and menu changes whose commit is on the branch after the restart, and not; acknowledged; lost. */
  pagesLanded: number;
  pagesNotLanded: number;
  pagesAcknowledged: number;
  pagesLost: number;
  /** Rounds where a page or menu change was half there, not in one commit, or served otherwise than git holds it. */
  pagesProblem: number;
  neededHuman: number;
  fsckErrors: number;
  dirtyStatus: number;
  servedMismatch: number;
  healthNotOk: number;
}

export interface DrillReport {
  seed: number;
  concurrency: number;
  /** The data directory; it only still exists when the run was asked to keep it. */
  dataDir: string;
  kept: boolean;
  timing: {
    firstStartMs: number;
    restartMedianMs: number | null;
    restartMaxMs: number | null;
    signInMedianMs: number | null;
    signInMaxMs: number | null;
  };
  /** Removed leavers' password sign-ins checked, and skipped to stay within the sign-in throttle. */
  passwordChecks: { checked: number; skipped: number };
  totals: DrillTotals;
  rounds: RoundResult[];
  /** Set when the drill stopped before the rounds asked for. */
  aborted?: string;
}

/** The totals that must all be zero for a run to pass. */
export const FAILURE_TOTALS = [
  'lost',
  'accountLost',
  'mediaLost',
  'mediaProblem',
  'pagesLost',
  'pagesProblem',
  'neededHuman',
  'fsckErrors',
  'dirtyStatus',
  'servedMismatch',
  'healthNotOk',
] as const;
