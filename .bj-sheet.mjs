import sharp from "sharp";
import { readFileSync } from "node:fs";
const files = readFileSync(process.argv[2], "utf8").trim().split("\n");
const out = process.argv[3];
const W = 320, H = 200, cols = 4;
const tiles = [];
for (const [i, f] of files.entries()) {
  const img = await sharp(f).resize(W, H - 20, { fit: "cover" }).toBuffer();
  const label = Buffer.from(`<svg width="${W}" height="20"><rect width="100%" height="100%" fill="black"/><text x="4" y="15" font-size="13" fill="white" font-family="sans-serif">${i}: ${f.split("/").pop().slice(0, 40)}</text></svg>`);
  tiles.push({ input: img, left: (i % cols) * W, top: Math.floor(i / cols) * H });
  tiles.push({ input: label, left: (i % cols) * W, top: Math.floor(i / cols) * H + H - 20 });
}
const rows = Math.ceil(files.length / cols);
await sharp({ create: { width: cols * W, height: rows * H, channels: 3, background: "#333" } }).composite(tiles).jpeg({ quality: 70 }).toFile(out);
