import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Mood } from "~/catalog/clips/attributes";
import { findLifecycleClip, recordClipMedia } from "~/catalog/clips/clip-lifecycle.server";
import { storage } from "~/platform/storage/storage.server";
import { analyseVideoFile } from "./analyse-video.server";
import { ANALYSER_VERSION, type ClipAnalysisResult } from "./clip-analysis";
import { selectClipAnalysis, selectClipsToAnalyse, upsertClipAnalysis } from "./clip-analysis.queries.server";
import { type ReviewFlag, reviewFlags } from "./review-flags";
import { announcePeopleSeen } from "./seen-people.server";
import { type KeywordSuggestion, seenAttributes, suggestKeywords, suggestMood } from "./suggestions";

/**
 * Analyses a processed clip from its stored original (through the storage driver: local disk or
 * S3) and records the result. A failure is recorded with its reason and thrown again, so the job
 * retries it; the clip's own lifecycle never waits on this (decision 0027).
 */
export async function analyseClip(clipId: number, signal?: AbortSignal, analyse = analyseVideoFile) {
  const clip = await findLifecycleClip(clipId);
  // A clip deleted, still processing or without its original has nothing to analyse yet.
  if (!clip?.originalKey || clip.status === "processing" || clip.status === "failed") return;
  const folder = await mkdtemp(path.join(tmpdir(), "verdeo-analysis-"));
  try {
    const object = await storage().getStream(clip.originalKey);
    if (!object) throw new Error("the original is missing from storage");
    const file = path.join(folder, `original${path.extname(clip.originalKey)}`);
    await pipeline(object.body, createWriteStream(file));
    // Three times real time at most: the analysis costs a small fraction of one (bench/analysis.ts).
    const cpuBudgetMs = Math.max(30_000, clip.durationSeconds * 3_000);
    const result = await analyse(file, folder, clip.durationSeconds, { signal, cpuBudgetMs });
    await recordAnalysis(clip.id, result);
  } catch (error) {
    await upsertClipAnalysis(clip.id, ANALYSER_VERSION, {
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** How long a failed analysis waits before the catch-up job tries it again. */
export const RETRY_FAILED_AFTER_MS = 60 * 60_000;

/**
 * Clips due an analysis: never analysed, by an older ANALYSER_VERSION, or failed over an hour ago
 * (a model that failed to load may load next time); a batch at a time.
 */
export function clipsToAnalyse(limit = 50, now = new Date()) {
  return selectClipsToAnalyse(ANALYSER_VERSION, limit, new Date(now.getTime() - RETRY_FAILED_AFTER_MS));
}

/**
 * What the analysis suggests for a clip (keywords and a mood), and whether it is still to come:
 * "pending" until the analyser has run, "missing" when its last run failed (it is retried).
 */
export async function clipKeywordSuggestions(clipId: number): Promise<{
  state: "pending" | "missing" | "ready";
  suggestions: KeywordSuggestion[];
  mood: Mood | null;
}> {
  const row = await selectClipAnalysis(clipId);
  if (!row) return { state: "pending", suggestions: [], mood: null };
  if (!row.result) return { state: "missing", suggestions: [], mood: null };
  return { state: "ready", suggestions: suggestKeywords(row.result), mood: suggestMood(row.result) };
}

/** What the reviewer is shown of a clip's analysis: the measurements, and what they contradict. */
export async function clipAnalysisForReview(
  clipId: number,
  described: { title: string; description: string; tags: string[] },
): Promise<
  | { state: "pending" | "missing"; error: string | null }
  | { state: "ready"; result: ClipAnalysisResult; flags: ReviewFlag[] }
> {
  const row = await selectClipAnalysis(clipId);
  if (!row) return { state: "pending", error: null };
  if (!row.result) return { state: "missing", error: row.error };
  return { state: "ready", result: row.result, flags: reviewFlags(row.result, described) };
}

/** The stored analysis of a clip (the demo seed keeps it beside a clip's files), if there is one. */
export async function storedClipAnalysis(clipId: number) {
  return (await selectClipAnalysis(clipId))?.result ?? null;
}

/**
 * Records an analysis and files the clip under what was seen (Explore's colour, camera and shot
 * filters); also puts back one kept from an earlier run (the demo seed's cache).
 */
export async function recordAnalysis(clipId: number, result: ClipAnalysisResult) {
  await upsertClipAnalysis(clipId, ANALYSER_VERSION, { result });
  await recordClipMedia(clipId, seenAttributes(result));
  // The People filter weighs the people against the clip's releases, which studio keeps.
  if (result.people) await announcePeopleSeen(clipId);
}
