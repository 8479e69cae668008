import { describe, expect, it } from "vitest";
import { MEDIA_FAILURES } from "../renditions/media-rules";
import { majorVersionOf } from "./ffmpeg.server";
import { factsFromProbe, hasVideoContainerMagic, ruleBroken } from "./probe.server";

const mp4 = (stream: Record<string, unknown>, format: Record<string, unknown> = {}) => ({
  streams: [{ codec_type: "video", codec_name: "h264", avg_frame_rate: "30000/1001", ...stream }],
  format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "12.5", bit_rate: "8000000", ...format },
});

describe("reading ffprobe", () => {
  it("takes a 1080p H.264 MP4 as a landscape clip with its frame rate", () => {
    const facts = factsFromProbe(mp4({ width: 1920, height: 1080 }));
    expect(facts).toEqual({
      ok: true,
      value: expect.objectContaining({
        width: 1920,
        height: 1080,
        orientation: "landscape",
        frameRate: 29.97,
        durationSeconds: 12.5,
        codec: "h264",
      }),
    });
  });

  it("tells the pixel format, square pixels and the first audio stream's codec, or a silent clip", () => {
    const withSound = factsFromProbe({
      ...mp4({ width: 1920, height: 1080, pix_fmt: "yuv420p" }),
      streams: [
        { codec_type: "video", codec_name: "h264", width: 1920, height: 1080, pix_fmt: "yuv420p" },
        { codec_type: "audio", codec_name: "aac" },
      ],
    });
    expect(withSound.ok && withSound.value).toMatchObject({
      pixelFormat: "yuv420p",
      squarePixels: true,
      audioCodec: "aac",
    });
    const silentAnamorphic = factsFromProbe(mp4({ width: 1440, height: 1080, sample_aspect_ratio: "4:3" }));
    expect(silentAnamorphic.ok && silentAnamorphic.value).toMatchObject({
      pixelFormat: null,
      squarePixels: false,
      audioCodec: null,
    });
  });

  it("a phone video stored sideways with a 90° rotation is portrait", () => {
    const facts = factsFromProbe(mp4({ width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] }));
    expect(facts.ok && facts.value).toMatchObject({ width: 1080, height: 1920, orientation: "portrait" });
  });

  it("non-square pixels count in the displayed size", () => {
    const facts = factsFromProbe(mp4({ width: 1440, height: 1080, sample_aspect_ratio: "4:3" }));
    expect(facts.ok && facts.value).toMatchObject({ width: 1920, height: 1080 });
  });

  it("a still picture or an audio file is not a video", () => {
    expect(
      factsFromProbe({
        streams: [{ codec_type: "video", codec_name: "png", width: 2000, height: 2000 }],
        format: { format_name: "png_pipe" },
      }),
    ).toEqual({ ok: false, reason: MEDIA_FAILURES.notVideo });
    expect(factsFromProbe({ streams: [{ codec_type: "audio" }], format: { format_name: "mp3" } })).toEqual({
      ok: false,
      reason: MEDIA_FAILURES.notVideo,
    });
  });

  it("names the first rule a clip breaks", () => {
    const base = {
      container: "mp4",
      codec: "h264",
      rotation: 0,
      frameRate: 25,
      bitrate: 1,
      orientation: "landscape" as const,
      pixelFormat: "yuv420p",
      squarePixels: true,
      audioCodec: null,
      colorTransfer: null,
      hdr: false,
    };
    expect(ruleBroken({ ...base, width: 1920, height: 1080, durationSeconds: 2 })).toBe(
      MEDIA_FAILURES.tooShort,
    );
    expect(ruleBroken({ ...base, width: 1920, height: 1080, durationSeconds: 200 })).toBe(
      MEDIA_FAILURES.tooLong,
    );
    expect(ruleBroken({ ...base, width: 640, height: 360, durationSeconds: 10 })).toBe(
      MEDIA_FAILURES.tooSmall,
    );
    expect(ruleBroken({ ...base, width: 720, height: 1280, durationSeconds: 10 })).toBeUndefined();
    expect(ruleBroken({ ...base, width: 1080, height: 1080, durationSeconds: 10 })).toBeUndefined();
    expect(ruleBroken({ ...base, width: 1000, height: 720, durationSeconds: 10 })).toBe(
      MEDIA_FAILURES.tooSmall,
    );
  });

  it("reads the major version of a release build and not of a git build", () => {
    expect(majorVersionOf("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026")).toBe(5);
    expect(majorVersionOf("ffmpeg version n7.1 Copyright")).toBe(7);
    expect(majorVersionOf("ffmpeg version N-47683-g0e8eb07980-static")).toBeUndefined();
  });
});

describe("container magic", () => {
  it("knows MP4/MOV boxes and Matroska's EBML header, and nothing else", () => {
    expect(hasVideoContainerMagic(Buffer.from("\0\0\0\x20ftypisom", "latin1"))).toBe(true);
    expect(hasVideoContainerMagic(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe(true);
    expect(hasVideoContainerMagic(Buffer.from("%PDF-1.7 something"))).toBe(false);
    expect(hasVideoContainerMagic(Buffer.alloc(3))).toBe(false);
  });

  it.each([
    ["smpte2084", true],
    ["arib-std-b67", true],
    ["bt709", false],
    [undefined, false],
  ])("a video stream with transfer %s is HDR: %s", (transfer, hdr) => {
    const facts = factsFromProbe(mp4({ width: 3840, height: 2160, color_transfer: transfer }));
    expect(facts.ok && facts.value).toMatchObject({ hdr, colorTransfer: transfer ?? null });
  });
});
