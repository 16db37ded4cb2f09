/**
 * The standard normal distribution's pieces the rating model needs: density,
 * upper tail, the inverse Mills ratio (density over upper tail) computed
 * without cancellation far in the tail, and quantiles for intervals.
 */

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** Standard normal density. */
export function normalPdf(z: number): number {
  return Math.exp(-0.5 * z * z) / SQRT_2PI;
}

/** 1 - Φ(z), the upper tail, through the complementary error function below. */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** erfc(x) by a Chebyshev-fitted expansion (Numerical Recipes' erfcc form, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z - 1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/**
 * φ(z) / (1 - Φ(z)): the mean of a standard normal above z is this value.
 * Far in the upper tail (z > 5) by the Laplace continued fraction, which
 * does not lose digits where both density and tail underflow together.
 */
export function inverseMills(z: number): number {
  if (z > 5) {
    // (1 - Φ)/φ = 1/(z + 1/(z + 2/(z + 3/(z + 4/(z + ...)))))
    let f = z;
    for (let k = 12; k >= 1; k--) f = z + k / f;
    return f;
  }
  return normalPdf(z) / normalUpperTail(z);
}

/** The z with Φ(z) = p, for 0 < p < 1 (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5, r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}
