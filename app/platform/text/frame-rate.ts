/** The rates cameras and editors record at; NTSC's are 24, 30 and 60 slowed by 1000/1001. */
const CONVENTIONAL_RATES = [23.976, 24, 25, 29.97, 30, 50, 59.94, 60];

/**
 * How far a rate may stray from a conventional one and still be shown as it. The pipeline measures a
 * clip's rate by counting frames over a duration ffmpeg reports to the hundredth of a second, so a
 * 24 fps clip of a few seconds measures anywhere from 24 to 24.34. The conventional rates are at
 * least 4 % apart, so 2 % either side never reaches the next; each NTSC rate and its whole
 * neighbour (0.1 % apart) are told apart by which is nearer.
 */
const TOLERANCE = 0.02;

/** A frame rate as every page shows it: "24 fps", "29.97 fps", or "12.5 fps" for an unusual one. */
export function formatFrameRate(framesPerSecond: number): string {
  const distance = (rate: number) => Math.abs(rate - framesPerSecond);
  const nearest = CONVENTIONAL_RATES.reduce((best, rate) => (distance(rate) < distance(best) ? rate : best));
  const shown = distance(nearest) <= nearest * TOLERANCE ? nearest : Math.round(framesPerSecond * 100) / 100;
  return `${shown} fps`;
}
