/**
 * Colour arithmetic for clip analysis: sRGB to CIELAB (D65) and the CIE76 difference ΔE. Lab is
 * used because distances in it follow what people see (decision 0027), so clustering and "near this
 * colour" agree with the eye.
 */
export interface Lab {
  l: number;
  a: number;
  b: number;
}

const toLinear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float64Array.from({ length: 256 }, (_, i) => toLinear(i));
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);

export function rgbToLab(r: number, g: number, b: number): Lab {
  const [lr, lg, lb] = [LINEAR[r]!, LINEAR[g]!, LINEAR[b]!];
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047;
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883;
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const fInverse = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : ((116 * t - 16) * 27) / 24389);
const toGamma = (c: number) => {
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, v)) * 255);
};

export function labToRgb({ l, a, b }: Lab): [number, number, number] {
  const fy = (l + 16) / 116;
  const x = fInverse(fy + a / 500) * 0.95047;
  const y = fInverse(fy);
  const z = fInverse(fy - b / 200) * 1.08883;
  return [
    toGamma(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
    toGamma(-0.969266 * x + 1.8760108 * y + 0.041556 * z),
    toGamma(0.0556434 * x - 0.2040259 * y + 1.0572252 * z),
  ];
}

/** CIE76 ΔE: about 2 is just noticeable, 10 is "clearly the same colour family". */
export function deltaE(p: Lab, q: Lab) {
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

export function hexOf([r, g, b]: [number, number, number]) {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

export function labOfHex(hex: string): Lab {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgbToLab((n >> 16) & 255, (n >> 8) & 255, n & 255);
}
