import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importProviderAvatar } from "~/accounts/profiles/provider-avatar.server";
import { AVATAR_MAX_BYTES } from "~/constants";
import { keyFromMediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** A stand-in for a provider's picture host, on loopback. */
let pictures: Server;
let origin = "";
let requests = 0;

beforeAll(async () => {
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  pictures = createServer((request, response) => {
    requests++;
    if (request.url === "/face.png") return response.writeHead(200, { "content-type": "image/png" }).end(png);
    if (request.url === "/huge.png") {
      response.writeHead(200, { "content-type": "image/png" });
      return response.end(Buffer.alloc(AVATAR_MAX_BYTES + 1));
    }
    if (request.url === "/moved.png") return response.writeHead(302, { location: "/face.png" }).end();
    if (request.url === "/page.html") return response.writeHead(200).end("<html>not a picture</html>");
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => pictures.close(() => resolve())));

describe("importing a provider's picture at social sign-in", () => {
  it("stores it as a 256 px WebP under the user's avatars and returns its /media URL", async () => {
    const userId = randomUUID();
    const url = await importProviderAvatar(userId, `${origin}/face.png`, { allowHttp: true });
    expect(url).toMatch(new RegExp(`^/media/avatars/${userId}/\\d+\\.webp$`));
    const key = keyFromMediaUrl(url)!;
    expect(await storage().exists(key)).toBe(true);
  });

  it("gives up on a picture over the avatar size limit, a page that is not an image, a 404 or a redirect", async () => {
    for (const path of ["/huge.png", "/page.html", "/missing.png", "/moved.png"]) {
      expect(await importProviderAvatar(randomUUID(), `${origin}${path}`, { allowHttp: true })).toBeNull();
    }
  });

  it("never fetches plain http unless told to, nor anything but a web URL", async () => {
    const before = requests;
    expect(await importProviderAvatar(randomUUID(), `${origin}/face.png`)).toBeNull();
    expect(await importProviderAvatar(randomUUID(), "file:///etc/passwd", { allowHttp: true })).toBeNull();
    expect(await importProviderAvatar(randomUUID(), "not a url", { allowHttp: true })).toBeNull();
    expect(requests).toBe(before);
  });
});
