import { pageMeta } from "~/layout/meta";

// Placeholder home: the catalogue issue builds the four sections.
export const meta = () =>
  pageMeta(
    "Verdeo",
    "Browse professional-quality stock video footage for brand ads, website heroes and social reels.",
  );

export default function Home() {
  return (
    <main className="mx-auto max-w-[1400px] px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-6xl">Explore motion. Create emotion.</h1>
      <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">
        Browse professional-quality stock video footage.
      </p>
    </main>
  );
}
