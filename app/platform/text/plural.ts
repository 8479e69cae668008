/** "1 order", "2 orders", "1,200 orders": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`) {
  return `${count.toLocaleString("en")} ${count === 1 ? singular : plural}`;
}
