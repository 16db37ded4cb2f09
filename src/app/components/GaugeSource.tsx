/**
 * Which number the gauge shows, in plain words: the structural estimate
 * (from the solution graph's shape, no players behind it), or the rating
 * from players' attempts with its interval and how many attempts and
 * players it rests on.
 */
import { ratingStatus, ratingText } from '../adapters/playerData';
import { PROVISIONAL_PLAYERS } from '../../core/players/rating';
import type { LevelRatingRow } from '../../core/players/rate';

interface GaugeSourceProps {
  /** The level's rating row when players' attempts are loaded and the pack holds the level. */
  readonly rated: LevelRatingRow | null;
  readonly interval: number;
  /** The structural estimate (null: unsolvable or unknown). */
  readonly estimate: number | null;
}

export function GaugeSource({ rated, interval, estimate }: GaugeSourceProps) {
  if (rated !== null && rated.rating !== null) {
    return (
      <p className="gauge-source" data-testid="gauge.source" data-source="rated" data-attempts={rated.attempts} data-players={rated.players} data-status={ratingStatus(rated)}>
        <b>Rated from {rated.attempts.toLocaleString('en-US')} attempt{rated.attempts === 1 ? '' : 's'} by {rated.players.toLocaleString('en-US')} player{rated.players === 1 ? '' : 's'}</b>: {ratingText(rated, interval)}, the median time an average player needs to solve it.
        {estimate !== null && <> The structural estimate is {estimate.toFixed(1)}.</>}
        {ratingStatus(rated) === 'provisional' && <> <b>Provisional</b>: fewer than {PROVISIONAL_PLAYERS} players, so the estimate still weighs in and the number may move a lot.</>}
        {ratingStatus(rated) === 'misfit' && <> <b>Misfit</b>: this level&apos;s times do not look like the model&apos;s (two ways of solving it, or players idling); read the number with care.</>}
      </p>
    );
  }
  return (
    <p className="gauge-source" data-testid="gauge.source" data-source="structural">
      <b>Structural estimate</b>: a number from the solution graph&apos;s shape, not a time anyone measured. Its scale is set so that about 91% of randomly generated 8x8 levels read under 20. Import players&apos; attempts (Players tab) to rate the level.
    </p>
  );
}
