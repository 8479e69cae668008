import { pageMeta } from "~/layout/meta";

// Placeholder page: built by its own issue.
export const meta = () => pageMeta("Checkout", "Checkout on Verdeo.");

export default function Page() {
  return (
    <main className="mx-auto max-w-[1400px] px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold">Checkout</h1>
    </main>
  );
}
