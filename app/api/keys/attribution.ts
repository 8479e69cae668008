/**
 * The API's attribution rule, stated on the reference page and in the OpenAPI document, and given
 * with every clip: show the creator's name and link back to the clip on Verdeo (as Pexels asks).
 */
export const ATTRIBUTION_RULE =
  "Wherever you show a Verdeo clip, credit its creator and link back to the clip on Verdeo: “Video by {creator} on Verdeo”, linking to the clip's `url`. Every clip in the API carries this line ready-made as `attribution`.";

export const attributionOf = (clip: { creatorName: string }) => `Video by ${clip.creatorName} on Verdeo`;
