const KIND_LABELS: Record<string, string> = {
  colour: "Colours",
  motion: "Camera moves",
  time: "Light (night, golden hour)",
  mood: "Moods",
};

/**
 * How often creators keep what the footage suggests, per kind of suggestion (studio's details form):
 * a kind nobody keeps is one the analysis gets wrong.
 */
export function SuggestionAcceptance({
  rows,
}: {
  rows: { kind: string; offered: number; accepted: number; share: number }[];
}) {
  return (
    <section aria-labelledby="suggestions-kept" className="mt-8">
      <h2 id="suggestions-kept" className="mb-3 text-lg font-semibold">
        Suggestions from the footage
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No clip has been saved with suggestions yet.
        </p>
      ) : (
        <table className="w-full max-w-xl text-left text-sm">
          <thead className="text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Kind
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Offered
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Kept
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Share kept
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind} className="border-t border-zinc-200 dark:border-zinc-800">
                <td className="py-1">{KIND_LABELS[row.kind] ?? row.kind}</td>
                <td className="py-1 text-right tabular-nums">{row.offered.toLocaleString("en")}</td>
                <td className="py-1 text-right tabular-nums">{row.accepted.toLocaleString("en")}</td>
                <td className="py-1 text-right tabular-nums">{Math.round(row.share * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
