import { PRODUCT_NAME } from "~/constants";

/** Title and description for a page's `meta` export. */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: PRODUCT_NAME },
  ];
}
