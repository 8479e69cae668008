/**
 * Documents the domains above commerce make from an order, for its buyer's order page: licensing's
 * license certificates. Commerce cannot import those domains, so each registers its own lister here
 * (app/jobs.server.ts wires them), as with order effects.
 */
export interface OrderDocument {
  label: string;
  url: string;
}

export type OrderDocumentLister = (orderId: string, buyerId: string) => Promise<OrderDocument[]>;

/** By domain, in the order registered; registering a domain again replaces its lister. */
const listers = new Map<string, OrderDocumentLister>();

export function registerOrderDocuments(domain: string, lister: OrderDocumentLister) {
  listers.set(domain, lister);
}

/** Every registered domain's documents of the order, in the order registered. */
export async function listOrderDocuments(orderId: string, buyerId: string): Promise<OrderDocument[]> {
  const lists = await Promise.all([...listers.values()].map((lister) => lister(orderId, buyerId)));
  return lists.flat();
}
