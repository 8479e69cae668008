import { z } from "zod";
import {
  CAMERA_MOTIONS,
  COLOR_TONES,
  COLOUR_NAMES,
  DURATIONS,
  LICENSES,
  MOODS,
  ORIENTATIONS,
  PEOPLE_FILTERS,
  RELEASE_FILTERS,
  RESOLUTIONS,
  SHOTS,
} from "~/catalog/clips/attributes";
import { COLLECTION_NAME_MAX, COLLECTION_VISIBILITIES } from "~/catalog/collections/collection-rules";
import { SORTS } from "~/catalog/search/explore-url";
import { SEARCH_QUERY_MAX } from "~/constants";
import { DOWNLOAD_VARIANTS } from "~/licensing/variants";

/**
 * The API's shapes, in Zod: the same schemas read requests, describe answers in the OpenAPI
 * document (named ones become components), and check answers in the contract tests.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const named = <T extends z.ZodType>(id: string, description: string, schema: T) => {
  apiSchemas.add(schema, { id, description });
  return schema;
};

// ---------------------------------------------------------------- parameters
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const INT32_MAX = 2_147_483_647;

/** A clip id: digits, within PostgreSQL's integer (so 2^31 is refused, not overflowed). */
export const ClipIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "A clip id is a positive whole number.")
  .transform(Number)
  .refine((id) => id <= INT32_MAX, "No clip has an id this large.")
  .meta({ description: "The clip's id", example: "42" });

/** A whole number within bounds, as a query parameter. */
const intParam = (min: number, max: number, description: string) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, `A whole number from ${min} to ${max}.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `A whole number from ${min} to ${max}.`)
    .meta({ description });

const list = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z
    .array(z.enum(values, { error: `One of: ${values.join(", ")}.` }))
    .max(values.length)
    .optional()
    .meta({ description });

export const SEARCH_LIMIT_MAX = 100;

export const SearchQuery = z.object({
  q: z
    .string()
    .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters.`)
    .regex(NO_CONTROL, "No control characters.")
    .optional()
    .meta({
      description: "Words to search for; misspelt words are corrected (see `corrected_query`).",
      example: "ocean waves",
    }),
  exact: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: "`true`: search the words as typed, without correction." }),
  niche: z
    .array(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "A niche id, as /api/v1/niches lists them."))
    .max(20)
    .optional()
    .meta({ description: "Niche ids (repeat for several: any of them)." }),
  sub_niche: z
    .string()
    .min(1)
    .max(60)
    .regex(NO_CONTROL, "No control characters.")
    .optional()
    .meta({ description: "A sub-niche name; only with exactly one `niche`." }),
  license: list(LICENSES, "License kinds (any of them)."),
  duration: list(DURATIONS, "Duration bands: short (<15 s), medium (15–30 s), long (>30 s)."),
  orientation: list(ORIENTATIONS, "Orientations."),
  tone: list(COLOR_TONES, "Colour tones."),
  mood: list(MOODS, "Moods."),
  resolution: list(RESOLUTIONS, "Resolution bands by the shorter side."),
  colour: list(COLOUR_NAMES, "Dominant colours the analysis saw (any of them)."),
  motion: list(CAMERA_MOTIONS, "The camera move the analysis measured."),
  shot: list(SHOTS, "`single`: clips in which the analysis found no cut."),
  people: list(PEOPLE_FILTERS, "People the analysis saw: `none`, `one`, `many` (two or more)."),
  releases: list(RELEASE_FILTERS, "`covered`: clips whose people are covered by model releases."),
  sort: z.enum(SORTS).optional().meta({ description: "Default: relevance with `q`, else newest." }),
  facets: z.enum(["true", "false"]).optional().meta({ description: "`true`: include facet counts." }),
  limit: intParam(1, SEARCH_LIMIT_MAX, "Clips per page (default 24).").optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "Pass `next_cursor` from the previous page as it is.")
    .optional()
    .meta({
      description: `\`next_cursor\` of the previous page, as it is: it carries that page's size, so \`limit\` is not needed with it. A cursor this API did not give (for example one whose page size is past ${SEARCH_LIMIT_MAX}) is refused with a 400.`,
    }),
});

export const PopularQuery = z.object({ limit: intParam(1, 50, "How many clips (default 12).").optional() });

export const ClipParams = z.object({ id: ClipIdParam });

export const LicenseParams = z.object({
  license_id: z
    .string()
    .regex(
      /^VL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
      "A license id, as VL-XXXX-XXXX-XXXX.",
    )
    .meta({
      description: "The license's id (`license_id` in license answers)",
      example: "VL-7K2M-Q9TX-4HZP",
    }),
});

export const CollectionTokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/, "A collection token is 22 characters from a share link.")
    .meta({ description: "The token of the collection's share link (`/collections/{token}`)." }),
});

export const OwnCollectionParams = z.object({
  id: z
    .uuid("A collection id, as /api/v1/me/collections lists them.")
    .meta({ description: "The collection's id" }),
});

export const OwnCollectionClipParams = OwnCollectionParams.extend({ clip_id: ClipIdParam });

export const CreateCollectionBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the collection.")
    .max(COLLECTION_NAME_MAX, `At most ${COLLECTION_NAME_MAX} characters.`),
  visibility: z.enum(COLLECTION_VISIBILITIES).optional(),
});

export const AddClipBody = z.object({ clip_id: z.int().min(1).max(2_147_483_647) });

export const LicenseBody = z.object({
  variant: z
    .enum(DOWNLOAD_VARIANTS)
    .optional()
    .meta({ description: "The file to download; default: the largest the clip offers." }),
});

// ---------------------------------------------------------------- answers
const Url = z.string().meta({ description: "Absolute URL" });
const CertificateUrl = z.string().meta({
  description:
    "Absolute URL of the license certificate (PDF): GET it with the same `Authorization: Bearer` key (getLicenseCertificate).",
});

export const Creator = named(
  "Creator",
  "The clip's creator. Credit them when you show the clip.",
  z.object({ id: z.string(), name: z.string(), username: z.string().nullable(), profile_url: Url }),
);

export const ClipSummary = named(
  "Clip",
  "A published clip as lists show it.",
  z.object({
    id: z.int(),
    title: z.string(),
    description: z.string(),
    url: Url,
    duration_seconds: z.number(),
    width: z.int(),
    height: z.int(),
    orientation: z.enum(ORIENTATIONS),
    license: z.enum(LICENSES),
    tone: z.enum(COLOR_TONES),
    mood: z.enum(MOODS),
    niche: z.object({ id: z.string(), name: z.string() }),
    sub_niche: z.string().nullable(),
    creator: Creator,
    poster_url: Url,
    preview_url: Url.nullable(),
    attribution: z.string().meta({ description: "Ready-made credit line: show it with the clip." }),
  }),
);

export const ClipFile = named(
  "ClipFile",
  "A file a licensee can download (no URL: license the clip to get one).",
  z.object({
    variant: z.enum(DOWNLOAD_VARIANTS),
    label: z.string(),
    height: z.int().nullable(),
    size_bytes: z.int().nullable(),
    codec: z.string().nullable(),
  }),
);

export const ClipDetail = named(
  "ClipDetail",
  "A clip with everything the clip page shows.",
  ClipSummary.extend({
    tags: z.array(z.string()),
    frame_rate: z.number().nullable(),
    posters: z.array(z.object({ width: z.int(), url: Url })),
    previews: z.array(z.object({ name: z.enum(["720p", "small"]), url: Url })),
    storyboard_url: Url.nullable(),
    files: z.array(ClipFile),
  }),
);

export const FacetCount = named(
  "Facet",
  "One facet with the number of clips for each value under the current search.",
  z.object({
    name: z.string(),
    label: z.string(),
    values: z.array(
      z.object({ value: z.string(), label: z.string(), count: z.int(), selected: z.boolean() }),
    ),
  }),
);

export const SearchAnswer = named(
  "SearchPage",
  "One page of search results.",
  z.object({
    clips: z.array(ClipSummary),
    total: z.int(),
    total_is_capped: z.boolean().meta({ description: "True when there are more matches than counted." }),
    corrected_query: z.string().nullable(),
    next_cursor: z.string().nullable(),
    facets: z.array(FacetCount).optional(),
  }),
);

export const ClipList = named("ClipList", "A list of clips.", z.object({ clips: z.array(ClipSummary) }));

export const NicheList = named(
  "NicheList",
  "The niches in display order.",
  z.object({
    niches: z.array(z.object({ id: z.string(), name: z.string(), sub_niches: z.array(z.string()) })),
  }),
);

export const Collection = named(
  "Collection",
  "A collection and its clips.",
  z.object({
    id: z.string().optional().meta({ description: "Only for the owner." }),
    name: z.string(),
    visibility: z.enum(COLLECTION_VISIBILITIES),
    share_url: Url,
    clips: z.array(ClipSummary),
  }),
);

export const OwnCollection = named(
  "OwnCollection",
  "One of the key owner's collections.",
  z.object({
    id: z.string(),
    name: z.string(),
    visibility: z.enum(COLLECTION_VISIBILITIES),
    share_url: Url,
    clip_count: z.int(),
  }),
);

export const OwnCollectionList = named(
  "OwnCollectionList",
  "The key owner's collections.",
  z.object({ collections: z.array(OwnCollection) }),
);

export const LicenseGrant = named(
  "LicenseGrant",
  "A license and a short-lived link to the file.",
  z.object({
    license_id: z.string(),
    clip_id: z.int(),
    created: z.boolean().meta({ description: "False when the clip was licensed before (nothing spent)." }),
    certificate_url: CertificateUrl,
    verify_url: Url,
    download_url: Url,
    download_expires_at: z.iso.datetime(),
  }),
);

export const LicenseList = named(
  "LicenseList",
  "The key owner's licenses, newest first.",
  z.object({
    licenses: z.array(
      z.object({
        license_id: z.string(),
        clip_id: z.int().nullable(),
        clip_title: z.string(),
        creator_name: z.string(),
        license: z.string(),
        licensed_at: z.iso.datetime(),
        certificate_url: CertificateUrl,
        verify_url: Url,
      }),
    ),
  }),
);

export const Problem = named(
  "Problem",
  "RFC 9457 problem details.",
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    instance: z.string().optional(),
    request_id: z.string().optional(),
    errors: z.array(z.object({ parameter: z.string(), message: z.string() })).optional(),
  }),
);
