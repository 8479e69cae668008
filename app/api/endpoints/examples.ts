/**
 * Example answers for the reference page (the contract tests check them against the schemas, so
 * they cannot drift from what the API answers).
 */
const ORIGIN = "https://verdeo.example";

export const EXAMPLE_CLIP = {
  id: 42,
  title: "Ocean waves at dawn",
  description: "Slow waves roll onto a quiet beach as the sun comes up.",
  url: `${ORIGIN}/video/42`,
  duration_seconds: 18,
  width: 1920,
  height: 1080,
  orientation: "landscape",
  license: "standard",
  tone: "warm",
  mood: "calm",
  niche: { id: "nature", name: "Nature" },
  sub_niche: "Oceans",
  creator: {
    id: "u_8f2k",
    name: "Maria Lens",
    username: "maria.lens",
    profile_url: `${ORIGIN}/profile/u_8f2k`,
  },
  poster_url: `${ORIGIN}/media/clips/42/a1/poster-640.webp`,
  preview_url: `${ORIGIN}/media/clips/42/a1/preview-720.mp4`,
  attribution: "Video by Maria Lens on Verdeo",
};

export const EXAMPLES: Record<string, unknown> = {
  searchClips: {
    clips: [EXAMPLE_CLIP],
    total: 1,
    total_is_capped: false,
    corrected_query: "ocean",
    next_cursor: null,
  },
  getClip: {
    ...EXAMPLE_CLIP,
    tags: ["ocean", "waves", "sunrise"],
    frame_rate: 25,
    posters: [320, 640, 1280].map((width) => ({
      width,
      url: `${ORIGIN}/media/clips/42/a1/poster-${width}.webp`,
    })),
    previews: [{ name: "720p", url: `${ORIGIN}/media/clips/42/a1/preview-720.mp4` }],
    storyboard_url: `${ORIGIN}/media/clips/42/a1/storyboard.vtt`,
    files: [
      { variant: "original", label: "Original", height: 2160, size_bytes: 48_213_004, codec: "h264" },
      { variant: "1080p", label: "Full HD 1080p", height: 1080, size_bytes: 12_004_118, codec: "h264" },
    ],
  },
  listPopularClips: { clips: [EXAMPLE_CLIP] },
  listNiches: { niches: [{ id: "nature", name: "Nature", sub_niches: ["Oceans", "Forests"] }] },
  getCollection: {
    name: "Spring campaign",
    visibility: "link",
    share_url: `${ORIGIN}/collections/Zk3v9QmT0aX1bC2dE3fG4h`,
    clips: [EXAMPLE_CLIP],
  },
  listOwnCollections: {
    collections: [
      {
        id: "6f1c2b1e-8d7a-4c3b-9a0e-2f4d5c6b7a8e",
        name: "Spring campaign",
        visibility: "private",
        share_url: `${ORIGIN}/collections/Zk3v9QmT0aX1bC2dE3fG4h`,
        clip_count: 3,
      },
    ],
  },
  createCollection: {
    id: "6f1c2b1e-8d7a-4c3b-9a0e-2f4d5c6b7a8e",
    name: "Spring campaign",
    visibility: "private",
    share_url: `${ORIGIN}/collections/Zk3v9QmT0aX1bC2dE3fG4h`,
    clip_count: 0,
  },
  licenseClip: {
    license_id: "VL-7K2M-Q9TX-4HZP",
    clip_id: 42,
    created: true,
    certificate_url: `${ORIGIN}/api/v1/licenses/VL-7K2M-Q9TX-4HZP/certificate.pdf`,
    verify_url: `${ORIGIN}/license/VL-7K2M-Q9TX-4HZP`,
    download_url: `${ORIGIN}/signed/originals/42/…?expires=1796000000&signature=…`,
    download_expires_at: "2026-11-26T12:10:00.000Z",
  },
  listLicenses: {
    licenses: [
      {
        license_id: "VL-7K2M-Q9TX-4HZP",
        clip_id: 42,
        clip_title: "Ocean waves at dawn",
        creator_name: "Maria Lens",
        license: "Standard license",
        licensed_at: "2026-11-26T12:00:00.000Z",
        certificate_url: `${ORIGIN}/api/v1/licenses/VL-7K2M-Q9TX-4HZP/certificate.pdf`,
        verify_url: `${ORIGIN}/license/VL-7K2M-Q9TX-4HZP`,
      },
    ],
  },
};
