#!/usr/bin/env node
/**
 * The reference a benchmark compares Verdeo with, in a process of its own (sharing the load
 * generator's event loop handicapped it): `--html <file>` answers every request with that page,
 * `--file <file>` streams the file with Range support, `--upload <folder>` writes each request's
 * body to a new file there with fs.createWriteStream (answering 204 once it is on disk). Prints
 * "PORT <n>" once listening.
 * Plain JavaScript so it starts with bare node, like the server it is compared with.
 */
import { createReadStream, createWriteStream, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const [mode, file] = process.argv.slice(2);
let handler;
if (mode === "--html") {
  const html = readFileSync(file);
  handler = (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length });
    res.end(html);
  };
} else if (mode === "--file") {
  const size = statSync(file).size;
  handler = (req, res) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    if (match) {
      const start = Number(match[1]);
      const end = Math.min(Number(match[2]), size - 1);
      res.writeHead(206, {
        "Content-Type": "video/mp4",
        "Content-Length": end - start + 1,
        "Content-Range": `bytes ${start}-${end}/${size}`,
      });
      createReadStream(file, { start, end }).pipe(res);
    } else {
      res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": size });
      createReadStream(file).pipe(res);
    }
  };
} else if (mode === "--upload") {
  let count = 0;
  handler = (req, res) => {
    const out = createWriteStream(path.join(file, `upload-${++count}`));
    req.pipe(out);
    out.on("finish", () => {
      res.writeHead(204);
      res.end();
    });
  };
} else {
  console.error("Usage: reference-server.mjs --html <file> | --file <file> | --upload <folder>");
  process.exit(2);
}
const server = http.createServer(handler);
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(`PORT ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
