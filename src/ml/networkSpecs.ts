/**
 * The Q-network's shapes as plain data, without tfjs: the training recipes
 * (recipes.ts) name them and the studio's first page load reads the recipes.
 * network.ts builds the tfjs model from a spec.
 */
export interface NetworkSpec {
  /** Filters of each conv (3x3, relu, same padding) per block; a 2x2 max-pool follows each block. */
  readonly blocks: readonly (readonly number[])[];
  /** Units of the hidden dense layer. */
  readonly dense: number;
}

/** The thesis's network: conv, conv, pool, conv, conv, pool, dense, dense (~214k parameters on 8x8). */
export const THESIS_NETWORK: NetworkSpec = { blocks: [[32, 32], [64, 64]], dense: 256 };
/** Our faster default: one conv block, then the dense layers. */
export const FAST_NETWORK: NetworkSpec = { blocks: [[16, 32]], dense: 256 };
/**
 * The CPU network for environments whose steps are cheap next to an update
 * (paint's SD-PCGRL once unchanged levels skip the analysis): one conv, the
 * pool, a smaller dense layer; about a fifth of {@link FAST_NETWORK}'s
 * arithmetic per sample.
 */
export const SMALL_NETWORK: NetworkSpec = { blocks: [[16]], dense: 128 };
