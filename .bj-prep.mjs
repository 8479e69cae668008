import sharp from "sharp";
import { readFileSync } from "node:fs";
for (const line of readFileSync("/tmp/bj-wp/map.txt", "utf8").trim().split("\n")) {
  const [src, name] = line.split(" ");
  const out = `server/seed/demo-assets/${name}.jpg`;
  const meta = await sharp(`/tmp/bj-wp/${src}`).metadata();
  await sharp(`/tmp/bj-wp/${src}`).resize({ width: Math.min(2560, meta.width), withoutEnlargement: true }).flatten({ background: "#000" }).jpeg({ quality: 82, mozjpeg: true }).toFile(out);
  const m2 = await sharp(out).metadata();
  console.log(name, m2.width, m2.height);
}
